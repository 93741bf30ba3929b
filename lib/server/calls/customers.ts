import 'server-only';
import { customerCalls } from '@/lib/contract/customers';
import { ZReceivablesQuery } from '@/lib/contract/receivables';
import { customerMapping } from '@/lib/server/obligors/customer-mapping';
import { annualDsoAt, dsoSeries, dsoSplit } from '@/lib/server/obligors/dso';
import { getObligor } from '@/lib/server/obligors/get-obligor';
import { listParentObligors } from '@/lib/server/obligors/list-parent-obligors';
import { listRatings } from '@/lib/server/obligors/list-ratings';
import { obligorCreditLimit, obligorInfo, obligorOverview } from '@/lib/server/obligors/obligor-profile';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { riskOverview, splitBy } from '@/lib/server/obligors/risk-overview';
import { searchObligors } from '@/lib/server/obligors/search-obligors';
import { listReceivables } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { implement } from './serve';

interface Codes {
  parentSysObligorCode?: string;
  sysObligorCode?: string;
}

/** The family, else the obligor, a query names (its schema requires one of them). */
const familyOrObligor = (q: Codes) => q.parentSysObligorCode ?? q.sysObligorCode ?? '';
/** The obligor, else the family, a query names (its schema requires one of them). */
const obligorOrFamily = (q: Codes) => q.sysObligorCode ?? q.parentSysObligorCode ?? '';
/** The client-level calls read the whole book: a code in their query narrows nothing. */
const wholeBook = { parentSysObligorCode: undefined, sysObligorCode: undefined };

export const customers = implement('customers', customerCalls, {
  parentObligors: ({ db, session, scope, query }) => listParentObligors(db, session.clientId, { ...query, scope }),
  customerMapping: ({ db, session, scope, query }) => customerMapping(db, session.clientId, { ...query, scope }),
  riskOverview: ({ db, session, scope, query }) =>
    riskOverview(db, session.clientId, { ...query, ...wholeBook, scope }),
  dso: ({ db, session, scope, query }) => dsoSeries(db, session.clientId, { ...query, ...wholeBook, scope }),
  annualDso: ({ db, session, scope, query }) => annualDsoAt(db, session.clientId, { ...query, ...wholeBook, scope }),
  ratings: ({ db, session, scope, query }) => listRatings(db, session.clientId, { ...query, scope }),
  splitBy: ({ db, session, scope, query }) => splitBy(db, session.clientId, { ...query, scope }),
  dsoSplit: ({ db, session, scope, query }) => dsoSplit(db, session.clientId, { ...query, scope }),
  search: ({ db, session, scope, query }) => searchObligors(db, session.clientId, query.obligorName, scope),
  obligor: ({ db, session, scope, params }) => getObligor(db, session.clientId, params.code, scope),
  familyObligors: async ({ db, session, scope, query, params }) => {
    await assertObligorVisible(db, session.clientId, scope, params.id);
    return listReceivables(db, session.clientId, {
      ...ZReceivablesQuery.parse({ ...query, parentSysObligorCode: params.id }),
      scope,
    });
  },
  familyOverview: async ({ db, session, scope, query }) => {
    await assertObligorVisible(db, session.clientId, scope, familyOrObligor(query));
    return receivablesOverview(db, session.clientId, { ...query, scope });
  },
  obligorInfo: ({ db, session, scope, query }) => obligorInfo(db, session.clientId, obligorOrFamily(query), scope),
  obligorDso: async ({ db, session, scope, query }) => {
    await assertObligorVisible(db, session.clientId, scope, familyOrObligor(query));
    return dsoSeries(db, session.clientId, { ...query, scope });
  },
  obligorAnnualDso: async ({ db, session, scope, query }) => {
    await assertObligorVisible(db, session.clientId, scope, familyOrObligor(query));
    return annualDsoAt(db, session.clientId, { ...query, scope });
  },
  obligorOverview: ({ db, session, scope, query }) => obligorOverview(db, session.clientId, { ...query, scope }),
  obligorCreditLimit: ({ db, session, scope, query }) =>
    obligorCreditLimit(db, session.clientId, obligorOrFamily(query), query.date, scope),
});
