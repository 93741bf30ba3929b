import 'server-only';
import { getDb } from '@/lib/db/client';
import {
  ZInvoiceQuery, ZInvoicesQuery, ZOverviewQuery, ZReceivablesQuery, ZSummaryQuery,
} from '@/lib/contract/receivables';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import {
  ageingBuckets, dataUpdateTime, dimensionNames, dimensionValueList,
} from '@/lib/server/clients/client-settings';
import { getClient } from '@/lib/server/clients/get-client';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { getInvoice, listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { receivablesByDim1 } from '@/lib/server/receivables/by-dimension';
import { ZTasksQuery } from '@/lib/contract/tasks';
import { listTasks } from '@/lib/server/tasks/list-tasks';
import { getTask } from '@/lib/server/tasks/task-changes';
import { listTaskCategories } from '@/lib/server/tasks/task-categories';
import { taskHistory } from '@/lib/server/tasks/task-history';
import { listClientUsers } from '@/lib/server/users/list-users';
import { getObligor } from '@/lib/server/obligors/get-obligor';
import {
  ZCustomerMappingQuery, ZObligorQuery, ZObligorSeriesQuery, ZParentObligorsQuery, ZSeriesQuery, ZSplitByDsoQuery, ZSplitByQuery,
} from '@/lib/contract/customers';
import { listParentObligors } from '@/lib/server/obligors/list-parent-obligors';
import { customerMapping } from '@/lib/server/obligors/customer-mapping';
import { annualDsoAt, dsoSeries, dsoSplit } from '@/lib/server/obligors/dso';
import { riskOverview, splitBy } from '@/lib/server/obligors/risk-overview';
import { obligorCreditLimit, obligorInfo, obligorOverview } from '@/lib/server/obligors/obligor-profile';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { ZContactsQuery } from '@/lib/contract/contacts';
import { getContact } from '@/lib/server/contacts/contact-changes';
import { listContacts } from '@/lib/server/contacts/list-contacts';
import { ZDim1OverviewQuery, ZDimReceivablesQuery } from '@/lib/contract/performance';
import { dimReceivables } from '@/lib/server/performance/dim-receivables';
import { dim1Overview } from '@/lib/server/performance/dim1-overview';
import { ZCreditLimitsQuery } from '@/lib/contract/credit-limits';
import { creditLimitBands, listCreditLimits } from '@/lib/server/obligors/list-credit-limits';
import { listReports } from '@/lib/server/reports/catalogue';

/**
 * The typed backend for server components: the same contract parsing and services as the API
 * routes, called in-process (no HTTP hop), always scoped to the session's client.
 * Inputs are raw URL parameters; a bad one throws a ZodError the page shows as a message.
 */
export function backendFor(session: SessionData) {
  const clientId = session.clientId;
  const scope = obligorScope(session);
  const db = getDb;
  return {
    client: async () => getClient(await db(), clientId),
    ageingBuckets: async () => (await ageingBuckets(await db(), clientId))[0]!,
    dimensions: async () => (await dimensionNames(await db(), clientId))[0]!,
    dimensionValues: async () => dimensionValueList(await db(), clientId),
    dataUpdateTime: async () => dataUpdateTime(await db(), clientId),
    receivables: async (params: Record<string, unknown>) => listReceivables(await db(), clientId, { ...ZReceivablesQuery.parse(params), scope }),
    summary: async (params: Record<string, unknown>) => receivablesSummary(await db(), clientId, { ...ZSummaryQuery.parse(params), scope }),
    overview: async (params: Record<string, unknown>) => (await receivablesOverview(await db(), clientId, { ...ZOverviewQuery.parse(params), scope }))[0]!,
    byDim1: async (params: Record<string, unknown>) => receivablesByDim1(await db(), clientId, { ...ZSummaryQuery.parse(params), scope }),
    openInvoices: async (params: Record<string, unknown>) => listOpenInvoices(await db(), clientId, { ...ZInvoicesQuery.parse(params), scope }),
    obligor: async (code: string) => getObligor(await db(), clientId, code, scope),
    parentObligors: async (params: Record<string, unknown>) => listParentObligors(await db(), clientId, { ...ZParentObligorsQuery.parse(params), scope }),
    customerMapping: async (params: Record<string, unknown>) => customerMapping(await db(), clientId, { ...ZCustomerMappingQuery.parse(params), scope }),
    riskOverview: async (params: Record<string, unknown>) => riskOverview(await db(), clientId, { ...ZSeriesQuery.parse(params), scope }),
    dso: async (params: Record<string, unknown>) => dsoSeries(await db(), clientId, { ...ZSeriesQuery.parse(params), scope }),
    annualDso: async (params: Record<string, unknown>) => annualDsoAt(await db(), clientId, { ...ZSeriesQuery.parse(params), scope }),
    dsoSplit: async (params: Record<string, unknown>) => dsoSplit(await db(), clientId, { ...ZSplitByDsoQuery.parse(params), scope }),
    splitBy: async (params: Record<string, unknown>) => splitBy(await db(), clientId, { ...ZSplitByQuery.parse(params), scope }),
    obligorInfo: async (params: Record<string, unknown>) => {
      const q = ZObligorQuery.parse(params);
      return obligorInfo(await db(), clientId, (q.sysObligorCode ?? q.parentSysObligorCode)!, scope);
    },
    creditLimit: async (params: Record<string, unknown>) => {
      const q = ZObligorQuery.parse(params);
      return obligorCreditLimit(await db(), clientId, (q.sysObligorCode ?? q.parentSysObligorCode)!, q.date, scope);
    },
    creditLimits: async (params: Record<string, unknown>) => listCreditLimits(await db(), clientId, { ...ZCreditLimitsQuery.parse(params), scope }),
    creditLimitBands: async (params: Record<string, unknown>) => creditLimitBands(await db(), clientId, { ...ZCreditLimitsQuery.parse(params), scope }),
    reports: async () => listReports(await db(), clientId),
    obligorOverview: async (params: Record<string, unknown>) => obligorOverview(await db(), clientId, { ...ZObligorSeriesQuery.parse(params), scope }),
    tasks: async (params: Record<string, unknown>) => listTasks(await db(), session, ZTasksQuery.parse(params)),
    task: async (id: number) => getTask(await db(), session, id),
    taskHistory: async (id: number) => taskHistory(await db(), clientId, id),
    taskCategories: async () => listTaskCategories(await db(), clientId),
    clientUsers: async () => listClientUsers(await db(), clientId),
    invoice: async (params: Record<string, unknown>) => {
      const q = ZInvoiceQuery.parse(params);
      return getInvoice(await db(), clientId, q.sysInvoiceNum, q.date, scope);
    },
    contacts: async (params: Record<string, unknown>) => listContacts(await db(), clientId, scope, ZContactsQuery.parse(params)),
    contact: async (id: number) => getContact(await db(), clientId, scope, id),
    // Performance by dimension (issue 8).
    dimReceivables: async (params: Record<string, unknown>) => dimReceivables(await db(), clientId, { ...ZDimReceivablesQuery.parse(params), scope }),
    dim1Overview: async (params: Record<string, unknown>) => dim1Overview(await db(), clientId, { ...ZDim1OverviewQuery.parse(params), scope }),
  };
}
export type Backend = ReturnType<typeof backendFor>;
