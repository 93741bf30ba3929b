import 'server-only';
import { creditLimitCalls } from '@/lib/contract/credit-limits';
import { creditLimitBands, listCreditLimits } from '@/lib/server/obligors/list-credit-limits';
import { implement } from './serve';

export const creditLimits = implement('creditLimits', creditLimitCalls, {
  list: ({ db, session, scope, query }) => listCreditLimits(db, session.clientId, { ...query, scope }),
  bands: ({ db, session, scope, query }) => creditLimitBands(db, session.clientId, { ...query, scope }),
});
