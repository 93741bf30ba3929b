import 'server-only';
import { pickParams } from '@/lib/client/url-state';
import { MAX_PAGE_SIZE } from '@/lib/constants';
import { CREDIT_BUCKETS, INVOICE_BUCKETS } from '@/lib/domain/ageing';
import { formatCount } from '@/lib/domain/format';
import { pageGate } from '@/lib/backend/page-gate';
import { OBLIGOR_FILTER_KEYS, TOTALS_KEYS } from './receivables-params';
import type { ReceivableFigures, TotalsRow } from './receivables-table';

const FIGURE_KEYS = [...CREDIT_BUCKETS, ...INVOICE_BUCKETS, 'overdue', 'balance', 'unallocated', 'netBalance'] as const;

/** Column sums in whole paise, so that the total is exactly the sum of the figures shown. */
export function sumFigures(rows: ReceivableFigures[]): ReceivableFigures {
  const sums = Object.fromEntries(FIGURE_KEYS.map((key) => [key, 0])) as ReceivableFigures;
  for (const row of rows) for (const key of FIGURE_KEYS) sums[key] += Math.round(row[key] * 100);
  for (const key of FIGURE_KEYS) sums[key] /= 100;
  return sums;
}

/**
 * The totals row of the whole list (every page), equal to the sum of its rows: the client summary
 * when the list is all parent customers, otherwise the sum of the complete list, fetched in one
 * page when the current page does not hold it all. Past MAX_PAGE_SIZE rows only the page is summed.
 */
export async function listTotals(
  params: Record<string, string>,
  rows: ReceivableFigures[],
  total: number,
): Promise<TotalsRow | null> {
  const { backend } = await pageGate();
  // "With receivables" (docs/glossary.md): the customer analysis counts every customer, these only
  // the ones owing, invoiced or paid in the 12 months, so the two counts are named apart.
  const customers = `${formatCount(total)} ${total === 1 ? 'customer' : 'customers'} with receivables`;
  if (!params.parentSysObligorCode && !params.ageingFilter) {
    const summary = await backend.receivables.summary({ query: pickParams(params, OBLIGOR_FILTER_KEYS) });
    return { label: `Total · ${customers}`, figures: sumFigures([summary]) };
  }
  if (total <= rows.length) return { label: `Total · ${customers}`, figures: sumFigures(rows) };
  if (total <= MAX_PAGE_SIZE) {
    const all = await backend.receivables.list({ query: { ...pickParams(params, TOTALS_KEYS), count: MAX_PAGE_SIZE } });
    return { label: `Total · ${customers}`, figures: sumFigures(all.rows) };
  }
  return { label: 'Page total', figures: sumFigures(rows) };
}
