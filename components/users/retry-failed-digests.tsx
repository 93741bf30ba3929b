'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { digestCalls, type TDigestRun } from '@/lib/contract/digest';
import { BusyText } from '@/components/feedback/busy-text';
import { secondaryButton } from '@/components/dunning/styles';

/** "2 tried again: 1 sent, 1 failed again, 1 not retried (…)", the answer of a retry in one line. */
function outcome(run: TDigestRun): string {
  if (run.sends.length === 0) return 'No failed digest to try again.';
  const count = (status: string) => run.sends.filter((s) => s.status === status).length;
  const parts = [`${count('SENT')} sent`];
  if (count('FAILED')) parts.push(`${count('FAILED')} failed again`);
  const left = run.sends.length - count('SENT') - count('FAILED');
  if (left) parts.push(`${left} not retried (user inactive or digest switched off)`);
  return `${run.sends.length} tried again: ${parts.join(', ')}.`;
}

/**
 * Retry failed: the failed digests sent again, each as of its own day (POST /digest/runs with
 * retryFailed); the list reloads with their new status, and the answer's counts show beside the button.
 */
export function RetryFailedDigests({ failed }: { failed: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; bad: boolean } | null>(null);

  async function retry() {
    setBusy(true);
    setResult(null);
    try {
      const run = await callApi(digestCalls.run, { body: { retryFailed: true } });
      setResult({ text: outcome(run), bad: run.sends.some((s) => s.status !== 'SENT') });
      router.refresh();
    } catch (e) {
      setResult({ text: (await apiErrorMessage(e)).message, bad: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className={secondaryButton} disabled={busy || failed === 0} onClick={() => void retry()}>
        {busy ? <BusyText>Sending again…</BusyText> : `Retry failed${failed ? ` (${failed})` : ''}`}
      </button>
      {result && (
        <span
          role={result.bad ? 'alert' : 'status'}
          className={`text-sm ${result.bad ? 'text-rose-700' : 'text-emerald-700'}`}
          data-testid="digest-retry-result"
        >
          {result.text}
        </span>
      )}
    </div>
  );
}
