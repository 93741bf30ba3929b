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

/**
 * The typed backend for server components: the same contract parsing and services as the API
 * routes, called in-process (no HTTP hop), always scoped to the session's client.
 * Inputs are raw URL parameters; a bad one throws a ZodError the page shows as a message.
 */
export function backendFor(session: SessionData) {
  const clientId = session.clientId;
  const db = getDb;
  return {
    client: async () => getClient(await db(), clientId),
    ageingBuckets: async () => (await ageingBuckets(await db(), clientId))[0]!,
    dimensions: async () => (await dimensionNames(await db(), clientId))[0]!,
    dimensionValues: async () => dimensionValueList(await db(), clientId),
    dataUpdateTime: async () => dataUpdateTime(await db(), clientId),
    receivables: async (params: Record<string, unknown>) => listReceivables(await db(), clientId, ZReceivablesQuery.parse(params)),
    summary: async (params: Record<string, unknown>) => receivablesSummary(await db(), clientId, ZSummaryQuery.parse(params)),
    overview: async (params: Record<string, unknown>) => (await receivablesOverview(await db(), clientId, ZOverviewQuery.parse(params)))[0]!,
    byDim1: async (params: Record<string, unknown>) => receivablesByDim1(await db(), clientId, ZSummaryQuery.parse(params)),
    openInvoices: async (params: Record<string, unknown>) => listOpenInvoices(await db(), clientId, ZInvoicesQuery.parse(params)),
    obligor: async (code: string) => getObligor(await db(), clientId, code),
    tasks: async (params: Record<string, unknown>) => listTasks(await db(), session, ZTasksQuery.parse(params)),
    task: async (id: number) => getTask(await db(), session, id),
    taskHistory: async (id: number) => taskHistory(await db(), clientId, id),
    taskCategories: async () => listTaskCategories(await db(), clientId),
    clientUsers: async () => listClientUsers(await db(), clientId),
    invoice: async (params: Record<string, unknown>) => {
      const q = ZInvoiceQuery.parse(params);
      return getInvoice(await db(), clientId, q.sysInvoiceNum, q.date);
    },
  };
}
export type Backend = ReturnType<typeof backendFor>;
