'use client';

import { useState } from 'react';
import { BusyText } from '@/components/feedback/busy-text';

/** The file name the server gave (`Content-Disposition`), or a plain one. */
function fileName(disposition: string | null, code: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? `${code}.xlsx`;
}

/**
 * A report's Download. A workbook can take several seconds to write; a plain link showed nothing in
 * that time, so the file is fetched here (the session cookie goes with it), the button says it is
 * preparing the workbook and stays disabled, and the browser then saves it under the server's name.
 * A refusal shows the server's message instead of a broken file.
 */
export function ReportDownload({ href, code }: { href: string | null; code: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    if (!href) return;
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        const message =
          body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
            ? body.message
            : `The workbook could not be prepared (HTTP ${response.status}).`;
        setError(message);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(response.headers.get('content-disposition'), code);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file by the next tick; the object URL can go.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setError('The workbook could not be downloaded: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        disabled={!href || busy}
        onClick={() => void download()}
        className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        data-testid={`download-${code}`}
        aria-busy={busy}
      >
        {busy ? (
          <BusyText>Preparing the workbook…</BusyText>
        ) : (
          <>
            <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M10 3a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 2 0 2 2 0 0 1-2 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
            </svg>
            Download
          </>
        )}
      </button>
      {error && (
        <p role="alert" className="text-xs text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
