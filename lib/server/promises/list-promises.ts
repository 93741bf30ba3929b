import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TPromise, TPromisesQuery } from '@/lib/contract/promises';
import { notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

export type RawPromise = Omit<TPromise, 'amount' | 'paidAmount' | 'sysInvoiceNums'> & {
  amount: string;
  paidAmount: string;
  sysInvoiceNums: string[] | null;
};

export function toPromise(raw: RawPromise): TPromise {
  return {
    ...raw,
    amount: Number(raw.amount),
    paidAmount: Number(raw.paidAmount),
    sysInvoiceNums: raw.sysInvoiceNums ?? [],
  };
}

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
  const [row] = await queryRows<RawPromise>(
    db,
    promiseSelect(clientId, sql`p.client_id = ${clientId} and p.id = ${id}`),
  );
  if (!row) throw notFound('Promise');
  return toPromise(row);
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
  const [rows, [count]] = await Promise.all([
    queryRows<RawPromise>(
      db,
      sql`${promiseSelect(clientId, condition)}
      order by p.promised_date desc, p.id desc limit ${query.count} offset ${(query.offset - 1) * query.count}`,
    ),
    queryRows<{ total: string | number }>(
      db,
      sql`select count(*) as total from promises p
      join obligors o on o.client_id = p.client_id and o.sys_obligor_code = p.sys_obligor_code
      where ${condition}`,
    ),
  ]);
  return { rows: rows.map(toPromise), total: Number(count?.total ?? 0) };
}
