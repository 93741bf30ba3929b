import 'server-only';
import type { Db } from '@/lib/db/client';
import type { TInvoiceDetail } from '@/lib/contract/receivables';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { isNotFound } from '@/lib/server/domain-errors';
import { getInvoice } from '@/lib/server/receivables/invoice-detail';
import { getTask } from './task-changes';

/**
 * GET /tasks/{id}/invoices: the invoices of a task the user may see, with their ageing today. An
 * invoice of a customer since taken out of the user's scope is left out rather than failing.
 */
export async function taskInvoices(
  db: Db,
  session: SessionData,
  scope: ObligorScope,
  id: number,
): Promise<TInvoiceDetail[]> {
  const task = await getTask(db, session, id);
  const invoices = await Promise.all(
    task.sysInvoiceNum.map(async (num) => {
      try {
        return await getInvoice(db, session.clientId, num, undefined, scope);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    }),
  );
  return invoices.filter((invoice) => invoice !== null);
}
