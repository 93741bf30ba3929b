import type { TOffering } from '@/lib/contract/investors';

const TONE = {
  OPEN: ['Open', 'bg-emerald-50 text-emerald-700 ring-emerald-200'],
  UPCOMING: ['Opens soon', 'bg-sky-50 text-sky-700 ring-sky-200'],
  FULL: ['Fully subscribed', 'bg-slate-100 text-slate-600 ring-slate-200'],
  CLOSED: ['Closed', 'bg-slate-100 text-slate-600 ring-slate-200'],
} as const;

export function OfferingState({ state }: { state: TOffering['state'] }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${TONE[state][1]}`}
      data-testid="offering-state"
    >
      {TONE[state][0]}
    </span>
  );
}

/** How much of the offering is taken, as a bar. */
export function TakenBar({ taken, size }: { taken: number; size: number }) {
  const share = size > 0 ? Math.min(100, (taken / size) * 100) : 0;
  return (
    <div className="min-w-28" title={`${share.toFixed(0)}% taken`}>
      <div className="h-1.5 rounded-full bg-slate-100">
        <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      </div>
      <span className="text-[11px] text-slate-500">{share.toFixed(0)}% taken</span>
    </div>
  );
}
