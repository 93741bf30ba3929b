'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { taskCalls } from '@/lib/contract/tasks';

/** Closing a task needs a comment saying how it was closed. */
export function CloseTaskForm({ taskId }: { taskId: number }) {
  const router = useRouter();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!comment.trim()) {
      setError('Say how the task was closed.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await callApi(taskCalls.close, { params: { id: taskId }, body: { comment } });
      router.refresh();
    } catch (err) {
      const { message, fields } = await apiErrorMessage(err);
      setError(fields?.comment ?? message);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <label htmlFor="close-comment" className="block text-sm font-medium text-slate-700">
        Closing comment
      </label>
      <textarea
        id="close-comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={3}
        maxLength={2000}
        placeholder="e.g. Customer paid ₹2,40,000 by NEFT on 18 Nov, UTR 4411"
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-60"
      >
        {busy ? 'Closing…' : 'Close task'}
      </button>
    </form>
  );
}
