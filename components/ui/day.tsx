import { format, parseISO } from 'date-fns';

/** A calendar day ('YYYY-MM-DD') as '2 Jun 2025': no day/month order for the reader to guess. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? format(parseISO(iso), 'd MMM yyyy') : '-';
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
