import { formatDayInput } from '@/lib/domain/day-input';

/**
 * A calendar day ('YYYY-MM-DD') as people in India read it, '02/06/2025' (dd/mm/yyyy), the same on
 * every page, in messages and in the date fields; '-' for none.
 */
export function formatDay(iso: string | null | undefined): string {
  return iso ? formatDayInput(iso) : '-';
}

export function Day({ iso }: { iso: string | null | undefined }) {
  return iso ? (
    <time dateTime={iso} className="whitespace-nowrap tabular-nums">
      {formatDay(iso)}
    </time>
  ) : (
    <span className="text-slate-400">-</span>
  );
}
