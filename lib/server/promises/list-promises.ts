import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPromise, TPromisesQuery } from '@/lib/contract/promises';
import { PROMISE_CHANNELS, PROMISE_STATUSES } from '@/lib/domain/promises';
import { notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

/** A row of promiseSelect(): the API's promise, as it comes out of SQL. */
const PromiseRow = row({
  id: col.int,
  sysObligorCode: col.text,
  obligorName: col.text,
  onFamily: col.bool,
  amount: col.num,
  promisedDate: col.day,
  takenOn: col.day,
  channel: col.oneOf(PROMISE_CHANNELS),
  promisedBy: col.text.nullable(),
  userId: col.int.nullable(),
  userName: col.text.nullable(),
  status: col.oneOf(PROMISE_STATUSES),
  paidAmount: col.num,
  // array_agg over no invoices is null: a promise on the account.
  sysInvoiceNums: col
    .array(col.text)
    .nullable()
    .transform((nums) => nums ?? []),
}) satisfies z.ZodType<TPromise, unknown>;

/** The columns of a promise, with its customer's and the taking user's names and its invoices. */
export function promiseSelect(clientId: number, where: SQL): SQL {
  return sql`
    select p.id, p.sys_obligor_code as "sysObligorCode", o.name as "obligorName", p.on_family as "onFamily",
      p.amount::text as amount, p.promised_date::text as "promisedDate", p.taken_on::text as "takenOn", p.channel,
      p.promised_by as "promisedBy", p.user_id as "userId", u.name as "userName", p.status,
      p.paid_amount::text as "paidAmount",
      (select array_agg(pi.sys_invoice_num order by pi.sys_invoice_num) from promise_invoices pi
        where pi.client_id = ${clientId} and pi.promise_id = p.id) as "sysInvoiceNums"
    from promises p
    join obligors o on o.client_id = p.client_id and o.sys_obligor_code = p.sys_obligor_code
    left join users u on u.client_id = p.client_id and u.id = p.user_id
    where ${where}`;
}

export async function getPromise(db: Db, clientId: number, id: number): Promise<TPromise> {
  const promise = await queryRow(
    db,
    promiseSelect(clientId, sql`p.client_id = ${clientId} and p.id = ${id}`),
    PromiseRow,
  );
  if (!promise) throw notFound('Promise');
  return promise;
}

/**
 * GET /promises: the promises of the user's scope, latest promised date first; with a code, that
 * customer's, or for a parent its whole family's (a customer outside the scope is 404).
 */
export async function listPromises(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: TPromisesQuery,
): Promise<{ rows: TPromise[]; total: number }> {
  const where: SQL[] = [sql`p.client_id = ${clientId}`];
  if (query.sysObligorCode) {
    await assertObligorVisible(db, clientId, scope, query.sysObligorCode);
    where.push(
      sql`(o.sys_obligor_code = ${query.sysObligorCode} or o.parent_sys_obligor_code = ${query.sysObligorCode})`,
    );
  }
  const inScope = scopeCondition(clientId, scope, sql`p.sys_obligor_code`);
  if (inScope) where.push(inScope);
  if (query.status) where.push(sql`p.status = ${query.status}`);
  const condition = sql.join(where, sql` and `);
  const [rows, count] = await Promise.all([
    queryRows(
      db,
      sql`${promiseSelect(clientId, condition)}
      order by p.promised_date desc, p.id desc limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      PromiseRow,
    ),
    queryRow(
      db,
      sql`select count(*) as total from promises p
      join obligors o on o.client_id = p.client_id and o.sys_obligor_code = p.sys_obligor_code
      where ${condition}`,
      row({ total: col.int }),
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}
