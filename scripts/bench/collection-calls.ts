/**
 * The collections calls, timed without a baseline: tests/api/worklist.test.ts holds the worklist's
 * amounts equal to the ledger's; here we measure what ranking every overdue family costs.
 */
import { ZWorklistQuery } from '@/lib/contract/collections';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { worklist } from '@/lib/server/collections/worklist';
import type { BenchCall, CallContext } from './calls';

export function collectionCalls(ctx: CallContext): BenchCall[] {
  const { clientId } = ctx;
  const calls: BenchCall[] = [
    {
      id: 'worklist',
      label: 'Collector worklist, page 1, every family',
      path: 'rollup',
      params: {},
      service: (db) => worklist(db, clientId, ALL_OBLIGORS, ZWorklistQuery.parse({})),
    },
  ];
  if (ctx.guestId) {
    const guestId = ctx.guestId;
    calls.push({
      id: 'worklist-guest',
      label: `Collector worklist as a field officer (user ${guestId})`,
      path: 'rollup',
      params: {},
      service: (db) =>
        worklist(db, clientId, { kind: 'ASSIGNED', role: 'guest', userId: guestId }, ZWorklistQuery.parse({})),
    });
  }
  return calls;
}
