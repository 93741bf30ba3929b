/**
 * The customer-analysis calls, timed without a baseline: their figures are proven equal
 * to hand-computed ones by tests/api/customers*.test.ts; here we measure what a million invoices cost.
 */
import { ZSeriesQuery, ZSplitByQuery } from '@/lib/contract/customer-series';
import { ZCustomerMappingQuery, ZParentObligorsQuery } from '@/lib/contract/customers';
import { ZRatingsQuery } from '@/lib/contract/obligors';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { customerMapping } from '@/lib/server/obligors/customer-mapping';
import { annualDsoAt, dsoSeries } from '@/lib/server/obligors/dso';
import { listParentObligors } from '@/lib/server/obligors/list-parent-obligors';
import { listRatings } from '@/lib/server/obligors/list-ratings';
import { obligorCreditLimit } from '@/lib/server/obligors/obligor-profile';
import { splitBy } from '@/lib/server/obligors/risk-overview';
import type { BenchCall, CallContext } from './calls';

export function customerCalls(ctx: CallContext): BenchCall[] {
  const { clientId, today } = ctx;
  const guest: ObligorScope | undefined = ctx.guestId
    ? { kind: 'ASSIGNED', role: 'guest', userId: ctx.guestId }
    : undefined;
  const calls: BenchCall[] = [
    {
      id: 'customers-p1',
      label: 'Customer analysis list, page 1, by balance',
      path: 'rollup',
      params: { date: today },
      service: (db) => listParentObligors(db, clientId, ZParentObligorsQuery.parse({ date: today })),
    },
    {
      id: 'customers-filtered',
      label: 'Customer analysis list, HIGH collection risk, LARGE segment',
      path: 'rollup',
      params: { date: today, collectionRisk: 'HIGH', salesSegment: 'LARGE' },
      service: (db) =>
        listParentObligors(
          db,
          clientId,
          ZParentObligorsQuery.parse({ date: today, collectionRisk: 'HIGH', salesSegment: 'LARGE' }),
        ),
    },
    {
      id: 'customer-mapping',
      label: 'Customer analysis totals (overviewmappingbased)',
      path: 'rollup',
      params: { date: today },
      service: (db) => customerMapping(db, clientId, ZCustomerMappingQuery.parse({ date: today })),
    },
    {
      id: 'dso',
      label: 'Monthly DSO, 12 months',
      path: 'rollup',
      params: {},
      service: (db) => dsoSeries(db, clientId, ZSeriesQuery.parse({})),
    },
    {
      id: 'annual-dso',
      label: 'Annual DSO at the DSO end date',
      path: 'rollup',
      params: {},
      service: (db) => annualDsoAt(db, clientId, ZSeriesQuery.parse({})),
    },
    {
      id: 'segmentation',
      label: 'Segmentation (split_by graph4)',
      path: 'rollup',
      params: { graph: 'graph4', date: today },
      service: (db) => splitBy(db, clientId, ZSplitByQuery.parse({ graph: 'graph4', date: today })),
    },
    {
      id: 'ratings',
      label: 'Ratings with risk shifts, page 1',
      path: 'rollup',
      params: { date: today },
      service: (db) => listRatings(db, clientId, ZRatingsQuery.parse({ date: today })),
    },
    {
      id: 'ratings-balance',
      label: 'Ratings with risk shifts, page 1, largest balance first',
      path: 'rollup',
      params: { date: today, sortBy: 'balance', orderBy: 'DESC' },
      service: (db) =>
        listRatings(db, clientId, ZRatingsQuery.parse({ date: today, sortBy: 'balance', orderBy: 'DESC' })),
    },
    {
      id: 'credit-limit',
      label: `Family credit limit and exposure (${ctx.familyCode})`,
      path: 'rollup',
      params: { sysObligorCode: ctx.familyCode },
      service: (db) => obligorCreditLimit(db, clientId, ctx.familyCode, today),
    },
  ];
  if (guest) {
    calls.push({
      id: 'customers-guest',
      label: `Customer analysis list as a field officer (user ${ctx.guestId})`,
      path: 'rollup',
      params: { date: today },
      service: (db) =>
        listParentObligors(db, clientId, { ...ZParentObligorsQuery.parse({ date: today }), scope: guest }),
    });
    calls.push({
      id: 'ratings-guest',
      label: `Ratings with risk shifts, page 1, as a field officer (user ${ctx.guestId})`,
      path: 'rollup',
      params: { date: today },
      service: (db) => listRatings(db, clientId, { ...ZRatingsQuery.parse({ date: today }), scope: guest }),
    });
  }
  return calls;
}
