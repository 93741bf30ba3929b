import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPromise } from '@/lib/contract/promises';
import { clientToday } from '@/lib/server/clients/client-day';
import { GET as listRoute, POST as takeRoute } from '@/app/api/promises/route';
import { GET as statsRoute } from '@/app/api/promises/stats/route';
import { POST as logCommRoute } from '@/app/api/communications/obligors/[code]/route';
import { csv } from '../imports/helpers';
import { callRoute } from './api';
import { notesWorld, type NotesWorld, type User } from './customer-notes';
import { daysFrom } from './dates';
import { importBatch } from './ledger-client';

/** The promises API as one signed-in user calls it. */
export const takePromise = (user: User, body: Record<string, unknown>) =>
  callRoute(takeRoute, '/api/promises', { method: 'POST', cookie: user.cookie, body });
export const listPromises = (user: User, query: Record<string, string | number> = {}) =>
  callRoute(listRoute, '/api/promises', { cookie: user.cookie, query });
export const promiseStats = (user: User, query: Record<string, string> = {}) =>
  callRoute(statsRoute, '/api/promises/stats', { cookie: user.cookie, query });
/** Logs a PROMISE_TO_PAY communication on a customer (which takes a promise), with `body` over the defaults. */
export const logPromiseNote = (user: User, code: string, today: string, body: Record<string, unknown>) =>
  callRoute(logCommRoute, `/api/communications/obligors/${code}`, {
    method: 'POST',
    cookie: user.cookie,
    params: { code },
    body: {
      commDate: today,
      channel: 'PROMISE_TO_PAY',
      summary: 'Will pay by NEFT.',
      promisedAmount: 800,
      ...body,
    },
  });

/**
 * The demo data of the promises tests: the demo's own promises looked at once (`seeded`, and the
 * promise-to-pay notes without their promise) then cleared, so that the figures the tests check
 * are theirs; a customer of the field officer with three open invoices (`own`) and another field
 * officer's customer (`other`).
 */
export interface PromisesWorld extends Pick<
  NotesWorld,
  'database' | 'clientId' | 'admin' | 'guest' | 'kaveri' | 'family'
> {
  today: string;
  own: { code: string; name: string; invoices: { num: string; open: number }[] };
  other: { code: string; invoice: string };
  seeded: { status: string; amount: number; paid: number; task: string | null }[];
  notesWithout: number[];
  /** The client's today moved by `offset` days. */
  day: (offset: number) => string;
  rows: <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => Promise<z.infer<S>[]>;
  /** Imports payments [invoice, paid date, amount], each with a reference of its own. */
  importPayments: (payments: [string, string, number][]) => ReturnType<typeof importBatch>;
  /** One promise as the admin's list shows it. */
  promiseRow: (id: number) => Promise<TPromise>;
}

export async function promisesWorld(): Promise<PromisesWorld> {
  const { database, clientId, admin, guest, kaveri, family } = await notesWorld();
  const today = await clientToday(database.db, clientId);
  const rows = <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => queryRows(database.db, query, shape);
  // The demo's promises (lib/db/seed/collections.ts) are looked at once, then cleared.
  const seeded = await rows(
    sql`
    select p.status, p.amount::text as amount, p.paid_amount::text as paid,
      (select t.name from tasks t where t.client_id = p.client_id and t.sys_obligor_code = p.sys_obligor_code
        and t.name like 'Broken promise:%' limit 1) as task
    from promises p where p.client_id = ${clientId} order by p.promised_date, p.id`,
    row({ status: col.text, amount: col.num, paid: col.num, task: col.text.nullable() }),
  );
  const notesWithout = (
    await rows(
      sql`select c.id from communications c where c.client_id = ${clientId} and c.channel = 'PROMISE_TO_PAY'
        and not exists (select 1 from promises p where p.client_id = c.client_id and p.communication_id = c.id
          and p.amount = c.promised_amount and p.promised_date = c.follow_up_date)`,
      row({ id: col.int }),
    )
  ).map((r) => r.id);
  await database.db.execute(sql`delete from promise_invoices where client_id = ${clientId}`);
  await database.db.execute(sql`delete from promises where client_id = ${clientId}`);
  const open = await rows(
    sql`
    select o.sys_obligor_code as code, o.name, i.sys_invoice_num as num, (i.amount - i.paid_to_date)::text as open
    from obligors o join invoices i on i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and o.guest_id = ${guest.userId} and i.doc_type = 'INVOICE'
      and i.settled_date is null and i.amount - i.paid_to_date >= 5000
      and o.sys_obligor_code in (select sys_obligor_code from invoices where client_id = ${clientId} and settled_date is null
        and doc_type = 'INVOICE' and amount - paid_to_date >= 5000 group by 1 having count(*) >= 3)
    order by o.sys_obligor_code, i.sys_invoice_num`,
    row({ code: col.text, name: col.text, num: col.text, open: col.num }),
  );
  const code = open[0]!.code;
  const own = {
    code,
    name: open[0]!.name,
    invoices: open.filter((r) => r.code === code).map((r) => ({ num: r.num, open: r.open })),
  };
  const [o] = await rows(
    sql`
    select i.sys_obligor_code as code, i.sys_invoice_num as num from invoices i join obligors o
      on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and o.guest_id is distinct from ${guest.userId} and i.settled_date is null
      and i.doc_type = 'INVOICE' order by i.sys_invoice_num limit 1`,
    row({ code: col.text, num: col.text }),
  );
  let paymentNo = 0;
  return {
    database,
    clientId,
    admin,
    guest,
    kaveri,
    family,
    today,
    own,
    other: { code: o!.code, invoice: o!.num },
    seeded,
    notesWithout,
    day: (offset) => daysFrom(today, offset),
    rows,
    importPayments: (payments) =>
      importBatch(
        database.db,
        clientId,
        {
          'payments.csv': csv([
            'payment_ref,sys_invoice_num,paid_date,amount',
            ...payments.map(([num, date, amount]) => `PTP-${++paymentNo},${num},${date},${amount}`),
          ]),
        },
        today,
      ),
    promiseRow: async (id) =>
      ((await listPromises(admin, { count: 500 })).json as TPromise[]).find((p) => p.id === id)!,
  };
}
