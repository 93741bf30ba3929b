import { CREDIT_LIMIT_STATUS_LABELS, type CreditLimitStatus } from '@/lib/domain/credit-limit';

const TONES: Record<CreditLimitStatus, string> = {
  BREACHED: 'bg-rose-50 text-rose-700 ring-rose-600/20',
  NEAR: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  WITHIN: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  NO_LIMIT: 'bg-slate-50 text-slate-500 ring-slate-500/10',
};
const SHORT: Record<CreditLimitStatus, string> = {
  BREACHED: 'Breached',
  NEAR: 'Near breach',
  WITHIN: 'Within',
  NO_LIMIT: 'No limit',
};

/** The utilisation band as a coloured tag; the full wording (with the threshold) on hover. */
export function CreditLimitBadge({ status }: { status: CreditLimitStatus }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`}
      title={CREDIT_LIMIT_STATUS_LABELS[status]}
      data-testid="credit-status"
      data-status={status}
    >
      {SHORT[status]}
    </span>
  );
}

/** Row backgrounds: a breach stands out in red, a near breach in amber. */
export const ROW_TONES: Record<CreditLimitStatus, string> = {
  BREACHED: 'bg-rose-50/70 hover:bg-rose-50',
  NEAR: 'bg-amber-50/60 hover:bg-amber-50',
  WITHIN: 'hover:bg-slate-50/70',
  NO_LIMIT: 'hover:bg-slate-50/70',
};
