import { formatPercent } from '@/lib/domain/format';

/** Credit utilisation as a figure and a small bar: amber from 80%, red over the limit. */
export function UtilisationBar({ value }: { value: number | null }) {
  if (value == null)
    return (
      <span className="text-slate-300" title="No credit limit">
        -
      </span>
    );
  const tone = value > 100 ? 'bg-rose-500' : value >= 80 ? 'bg-amber-400' : 'bg-emerald-500';
  return (
    <span className="inline-flex items-center justify-end gap-2" data-testid="utilisation" data-value={value}>
      <span className={`tabular-nums ${value > 100 ? 'font-medium text-rose-700' : ''}`}>{formatPercent(value)}</span>
      <span className="h-1.5 w-8 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <span className={`block h-full ${tone}`} style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
      </span>
    </span>
  );
}
