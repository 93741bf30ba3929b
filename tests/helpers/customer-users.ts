import { sql } from 'drizzle-orm';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { clientToday } from '@/lib/server/clients/client-day';
import { callRoute } from './api';
import type { TestDatabase } from './db';
import { clientIdOf, createSeededDatabase, signInAs } from './seeded';

export const Code = row({ code: col.text });

/**
 * The demo's customer users as the customer-door tests see them: the staff admin's cookie and the
 * family and account users' (`admin`, `family`, `account`), their customers, the account's parent,
 * a child of the family and a customer of neither (`otherCode`).
 */
export interface CustomerUsersWorld {
  database: TestDatabase;
  clientId: number;
  today: string;
  admin: string;
  family: string;
  account: string;
  familyCode: string;
  accountCode: string;
  accountParent: string;
  familyChild: string;
  otherCode: string;
}

export async function customerUsersWorld(): Promise<CustomerUsersWorld> {
  const database = await createSeededDatabase();
  const clientId = await clientIdOf(database, 'VARDHMAN');
  const today = await clientToday(database.db, clientId);
  const admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const family = (await signInAs(database, 'family@customer.test')).cookie;
  const account = (await signInAs(database, 'account@customer.test')).cookie;
  const [f] = await queryRows(
    database.db,
    sql`select customer_code as code from users where email = 'family@customer.test'`,
    Code,
  );
  const [a] = await queryRows(
    database.db,
    sql`select customer_code as code from users where email = 'account@customer.test'`,
    Code,
  );
  const familyCode = f!.code;
  const accountCode = a!.code;
  const [p] = await queryRows(
    database.db,
    sql`select parent_sys_obligor_code as code from obligors where client_id = ${clientId} and sys_obligor_code = ${accountCode}`,
    Code,
  );
  const accountParent = p!.code;
  const [c] = await queryRows(
    database.db,
    sql`select sys_obligor_code as code from obligors where client_id = ${clientId} and parent_sys_obligor_code = ${familyCode}
      order by sys_obligor_code limit 1`,
    Code,
  );
  const [o] = await queryRows(
    database.db,
    sql`select sys_obligor_code as code from obligors where client_id = ${clientId}
      and sys_obligor_code not in (${familyCode}, ${accountCode}, ${accountParent})
      and coalesce(parent_sys_obligor_code, '') not in (${familyCode}) order by sys_obligor_code limit 1`,
    Code,
  );
  return {
    database,
    clientId,
    today,
    admin,
    family,
    account,
    familyCode,
    accountCode,
    accountParent,
    familyChild: c!.code,
    otherCode: o!.code,
  };
}

/** A customer's statement as the holder of `cookie` is answered it. */
export const customerStatement = (code: string, cookie: string) =>
  callRoute(statementRoute, '/api/customerportal/statement', { query: { sysObligorCode: code, count: 500 }, cookie });

/** Open debts of a customer (its family for a parent), oldest due first; none in an open dispute. */
export async function openBills(database: TestDatabase, clientId: number, code: string) {
  return queryRows(
    database.db,
    sql`select i.sys_invoice_num as num, i.invoice_num as "invoiceNum", (i.amount - i.paid_to_date)::text as open
    from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and (o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code})
      and i.doc_type = 'INVOICE' and i.settled_date is null and i.amount > i.paid_to_date
      and not exists (select 1 from dispute_invoices di join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
        where di.client_id = i.client_id and di.sys_invoice_num = i.sys_invoice_num and d.status = 'OPEN')
    order by i.due_date, i.sys_invoice_num`,
    row({ num: col.text, invoiceNum: col.text, open: col.num }),
  );
}
