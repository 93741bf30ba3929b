import 'server-only';
import { investorCalls } from '@/lib/contract/investors';
import { getHolding, listHoldings } from '@/lib/server/investors/list-holdings';
import { getOffering, listOfferings } from '@/lib/server/investors/offerings';
import {
  assertPoolVisible,
  getOriginator,
  listOriginators,
  originatorOfHolding,
  originatorOfOffering,
  poolPerformance,
} from '@/lib/server/investors/pool-performance';
import { subscribe } from '@/lib/server/investors/subscribe';
import { implement } from './serve';

/** The tenant of an investor call is the investor firm (session.clientId); offerings and originators are shared. */
export const investors = implement('investors', investorCalls, {
  holdings: ({ db, session }) => listHoldings(db, session.clientId),
  holding: ({ db, session, params }) => getHolding(db, session.clientId, params.id),
  holdingPerformance: async ({ db, session, params }) =>
    poolPerformance(db, await originatorOfHolding(db, session.clientId, params.id)),
  offerings: ({ db }) => listOfferings(db),
  offering: ({ db, session, params }) => getOffering(db, session.clientId, params.id),
  offeringPerformance: async ({ db, params }) => poolPerformance(db, await originatorOfOffering(db, params.id)),
  subscribe: ({ db, session, params, body }) => subscribe(db, session.clientId, params.id, body),
  originators: ({ db, session }) => listOriginators(db, session.clientId),
  originator: ({ db, params }) => getOriginator(db, params.id),
  originatorPerformance: async ({ db, session, params }) => {
    await assertPoolVisible(db, session.clientId, params.id);
    return poolPerformance(db, params.id);
  },
});
