'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { writeOffCalls } from '@/lib/contract/write-offs';
import { BUTTON, SECONDARY } from '@/components/ui/form-dialog';

/** Approve or Reject a pending write-off; the requester sees why they cannot (four eyes). */
export function DecideButtons({ id, mine, invoiceNum }: { id: number; mine: boolean; invoiceNum: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (mine) return <span className="text-xs text-slate-500">Waiting for another approver</span>;

  async function decide(call: 'approve' | 'reject') {
    setBusy(true);
    setError(null);
    try {
      await callApi(writeOffCalls[call], { params: { id } });
      router.refresh();
    } catch (err) {
      setError((await apiErrorMessage(err)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      {error && (
        <p role="alert" className="max-w-xs text-right text-xs text-rose-700">
          {error}
        </p>
      )}
      <div className="flex items-center gap-2 whitespace-nowrap">
        <button
          type="button"
          disabled={busy}
          onClick={() => void decide('reject')}
          className={SECONDARY}
          aria-label={`Reject the write-off of ${invoiceNum}`}
        >
          Reject
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void decide('approve')}
          className={BUTTON}
          aria-label={`Approve the write-off of ${invoiceNum}`}
        >
          {busy ? 'Saving…' : 'Approve'}
        </button>
      </div>
    </div>
  );
}
