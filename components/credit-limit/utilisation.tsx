import { CREDIT_LIMIT_THRESHOLDS, formatUtilisation } from '@/lib/domain/credit-limit';
import type { TCreditLimitRow } from '@/lib/contract/credit-limits';

/** Utilisation as a figure and a bar drawn against the limit; the bar's tone is the row's band. */
export function Utilisation({ row }: { row: TCreditLimitRow }) {
  if (row.utilisation == null) return <span className="text-slate-300">-</span>;
  const tone = row.status === 'BREACHED' ? 'bg-rose-500' : row.status === 'NEAR' ? 'bg-amber-400' : 'bg-emerald-500';
  return (
    <span className="inline-flex items-center justify-end gap-2" data-testid="utilisation" data-value={row.utilisation}>
      <span
        className={`tabular-nums ${row.status === 'BREACHED' ? 'font-semibold text-rose-700' : row.status === 'NEAR' ? 'font-medium text-amber-800' : ''}`}
      >
        {formatUtilisation(row.utilisation)}
      </span>
      <span className="relative h-1.5 w-14 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <span className={`block h-full ${tone}`} style={{ width: `${Math.min(100, Math.max(0, row.utilisation))}%` }} />
        <span className="absolute inset-y-0 w-px bg-slate-400" style={{ left: `${CREDIT_LIMIT_THRESHOLDS.near}%` }} />
      </span>
    </span>
  );
}
