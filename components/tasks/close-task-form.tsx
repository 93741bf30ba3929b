'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { CORRECT_FIELDS, useContractForm } from '@/lib/client/use-contract-form';
import { taskCalls, ZCloseTaskBody } from '@/lib/contract/tasks';

/** Closing a task needs a comment saying how it was closed. */
export function CloseTaskForm({ taskId }: { taskId: number }) {
  const router = useRouter();
  const [comment, setComment] = useState('');
  const form = useContractForm(ZCloseTaskBody);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void form.submit(event, { comment }, async (body) => {
      await callApi(taskCalls.close, { params: { id: taskId }, body });
      router.refresh();
    });
  }
  // One message: the comment's (the contract's or the server's), else the server's own.
  const error = form.fields.comment ?? (form.error === CORRECT_FIELDS ? null : form.error);
  const busy = form.busy;

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
        aria-invalid={Boolean(form.fields.comment)}
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
