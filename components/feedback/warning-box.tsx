import { MESSAGES } from '@/lib/constants';

/**
 * Spec section 2: 'Data not available' for empty data, 'Error fetching data' (or a custom message) on
 * failure. Nothing to show is an ordinary state, said calmly in grey with an information mark; only
 * a failure is red with a warning sign.
 */
export function WarningBox({ kind, message }: { kind: 'empty' | 'error'; message?: string }) {
  const text = message ?? (kind === 'empty' ? MESSAGES.dataNotAvailable : MESSAGES.errorFetching);
  const tone =
    kind === 'error' ? 'border-rose-200 bg-rose-50 text-rose-800' : 'border-slate-200 bg-slate-50 text-slate-600';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-kind={kind}
      className={`flex items-center gap-2 rounded-lg border px-4 py-3 text-sm ${tone}`}
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
        {kind === 'error' ? (
          <path
            fillRule="evenodd"
            d="M8.5 2.9a1.7 1.7 0 0 1 3 0l6.3 11.4A1.7 1.7 0 0 1 16.3 17H3.7a1.7 1.7 0 0 1-1.5-2.7zM10 7a.8.8 0 0 0-.8.8v3.5a.8.8 0 0 0 1.6 0V7.8A.8.8 0 0 0 10 7m0 7.8a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8"
            clipRule="evenodd"
          />
        ) : (
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16m-.8-11.2a.8.8 0 1 1 1.6 0 .8.8 0 0 1-1.6 0M9.2 9.6a.8.8 0 0 1 1.6 0v4a.8.8 0 0 1-1.6 0z"
            clipRule="evenodd"
          />
        )}
      </svg>
      {text}
    </div>
  );
}
