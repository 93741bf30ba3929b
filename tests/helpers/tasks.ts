import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { invoices, obligors } from '@/lib/db/schema';
import type { User } from './customer-notes';
import type { TestDatabase } from './db';
import { clientIdOf, createSeededDatabase, signInUser } from './seeded';

/** The demo data seen by the task, notification, people and customer search tests. */
export interface TasksWorld {
  database: TestDatabase;
  clientId: number;
  admin: User;
  guest: User;
  rep: User;
  root: User;
  /** An open invoice of a customer of the field officer (guest) that the area sales manager (rep) does not see. */
  obligorCode: string;
  invoiceNum: string;
  /** A child customer that is not the field officer's. */
  unassignedCode: string;
}

export async function tasksWorld(): Promise<TasksWorld> {
  const database = await createSeededDatabase();
  const clientId = await clientIdOf(database, 'VARDHMAN');
  const admin = await signInUser(database, 'admin@vardhman.test');
  const guest = await signInUser(database, 'guest@vardhman.test');
  const rep = await signInUser(database, 'rep@vardhman.test');
  const root = await signInUser(database, 'root@vardhman.test');
  // An open invoice of a customer of the field officer (a scoped user only gets tasks on customers they may see).
  const [invoice] = await database.db
    .select({ sysInvoiceNum: invoices.sysInvoiceNum, sysObligorCode: invoices.sysObligorCode })
    .from(invoices)
    .innerJoin(
      obligors,
      and(eq(obligors.clientId, invoices.clientId), eq(obligors.sysObligorCode, invoices.sysObligorCode)),
    )
    .where(
      and(
        eq(invoices.clientId, clientId),
        eq(invoices.status, 'OPEN'),
        eq(obligors.guestId, guest.userId),
        ne(obligors.representativeId, rep.userId),
      ),
    )
    .limit(1);
  if (!invoice) throw new Error('the demo data has no open invoice of the demo field officer');
  const [other] = await database.db
    .select({ code: obligors.sysObligorCode })
    .from(obligors)
    .where(
      and(
        eq(obligors.clientId, clientId),
        ne(obligors.guestId, guest.userId),
        isNotNull(obligors.parentSysObligorCode),
      ),
    )
    .limit(1);
  return {
    database,
    clientId,
    admin,
    guest,
    rep,
    root,
    obligorCode: invoice.sysObligorCode,
    invoiceNum: invoice.sysInvoiceNum,
    unassignedCode: other!.code,
  };
}
