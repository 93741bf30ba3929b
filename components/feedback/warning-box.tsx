import { MESSAGES } from '@/lib/constants';

/** Spec section 2: 'Data not available' for empty data, 'Error fetching data' (or a custom message) on failure. */
export function WarningBox({ kind, message }: { kind: 'empty' | 'error'; message?: string }) {
  const text = message ?? (kind === 'empty' ? MESSAGES.dataNotAvailable : MESSAGES.errorFetching);
  const tone =
    kind === 'error' ? 'border-rose-200 bg-rose-50 text-rose-800' : 'border-amber-200 bg-amber-50 text-amber-800';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex items-center gap-2 rounded-lg border px-4 py-3 text-sm ${tone}`}
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M8.5 2.9a1.7 1.7 0 0 1 3 0l6.3 11.4A1.7 1.7 0 0 1 16.3 17H3.7a1.7 1.7 0 0 1-1.5-2.7zM10 7a.8.8 0 0 0-.8.8v3.5a.8.8 0 0 0 1.6 0V7.8A.8.8 0 0 0 10 7m0 7.8a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8"
          clipRule="evenodd"
        />
      </svg>
      {text}
    </div>
  );
}
