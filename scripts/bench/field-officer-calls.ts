import { ZReceivablesQuery, ZSummaryQuery } from '@/lib/contract/receivables';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import type { BenchCall, CallContext } from './calls';

/**
 * A field officer's summary and parent list, today and on the backdated day: a scoped user's own
 * figures (the summary from the history's collector row on both days; the parent list from the
 * per-obligor rollup today, the history's obligor rows another day).
 */
export function fieldOfficerCalls(ctx: CallContext): BenchCall[] {
  const { clientId, guestId, pageSize } = ctx;
  if (guestId === null) return [];
  const scope = { kind: 'ASSIGNED', role: 'guest', userId: guestId } as const;
  const calls: BenchCall[] = [];
  for (const [date, when] of [
    [ctx.today, 'today'],
    [ctx.backdated, `backdated ${ctx.backdated}`],
  ] as const) {
    const suffix = date === ctx.today ? '' : '-backdated';
    calls.push(
      {
        id: `summary-guest${suffix}`,
        label: `Summary as a field officer (user ${guestId}, ${when})`,
        // Their own row of the history, today too (list-receivables.ts summaryTotals).
        path: 'history',
        params: { date },
        service: (db) => receivablesSummary(db, clientId, { ...ZSummaryQuery.parse({ date }), scope }),
      },
      {
        id: `parents-guest${suffix}`,
        label: `Parent obligors, page 1, by overdue, as a field officer (user ${guestId}, ${when})`,
        path: date === ctx.today ? 'rollup' : 'history',
        params: { date, sortBy: 'overdue', order: 'DESC', count: pageSize },
        service: (db) =>
          listReceivables(db, clientId, {
            ...ZReceivablesQuery.parse({ date, sortBy: 'overdue', order: 'DESC', count: pageSize }),
            scope,
          }),
      },
    );
  }
  return calls;
}
