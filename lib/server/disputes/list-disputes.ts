import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  ZDispute,
  type TDispute,
  type TDisputesQuery,
} from '@/lib/contract/disputes';
import { notFound } from '@/lib/server/domain-errors';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

/** A row of disputeSelect(): the API's dispute, as it comes out of SQL. */
const DisputeRow = row({
  id: col.int,
  sysObligorCode: col.text,
  obligorName: col.text,
  sysInvoiceNums: col.array(col.text),
  invoiceNums: col.array(col.text),
  reason: col.oneOf(DISPUTE_REASONS),
  amount: col.num,
  note: col.text.nullable(),
  status: col.oneOf(DISPUTE_STATUSES),
  openedOn: col.day,
  ageDays: col.int.nullable(),
  raisedBy: ZDispute.shape.raisedBy,
  userName: col.text.nullable(),
  outcome: col.oneOf(DISPUTE_OUTCOMES).nullable(),
  resolvedOn: col.day.nullable(),
  resolvedByName: col.text.nullable(),
  resolution: col.text.nullable(),
}) satisfies z.ZodType<TDispute, unknown>;

/** A dispute's columns, its invoices, and its age on `today` while open. */
function disputeSelect(clientId: number, today: string, where: SQL): SQL {
  return sql`
    select d.id, d.sys_obligor_code as "sysObligorCode", o.name as "obligorName",
      array(select di.sys_invoice_num from dispute_invoices di
        where di.client_id = ${clientId} and di.dispute_id = d.id order by di.sys_invoice_num) as "sysInvoiceNums",
      array(select coalesce(i.invoice_num, di.sys_invoice_num) from dispute_invoices di
        left join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = di.sys_invoice_num
        where di.client_id = ${clientId} and di.dispute_id = d.id order by di.sys_invoice_num) as "invoiceNums",
      d.reason, d.amount::text as amount, d.note, d.status, d.opened_on::text as "openedOn",
      case when d.status = 'OPEN' then ${today}::date - d.opened_on end as "ageDays",
      case when d.portal_user_id is not null then 'PORTAL' else 'COLLECTOR' end as "raisedBy",
      u.name as "userName", d.outcome, d.resolved_on::text as "resolvedOn", r.name as "resolvedByName", d.resolution
    from disputes d
    join obligors o on o.client_id = d.client_id and o.sys_obligor_code = d.sys_obligor_code
    left join users u on u.client_id = d.client_id and u.id = coalesce(d.portal_user_id, d.user_id)
    left join users r on r.client_id = d.client_id and r.id = d.resolved_by
    where ${where}`;
}

/** One dispute the scope may see, or 404 (another client's or another collector's alike). */
export async function getDispute(db: Db, clientId: number, scope: ObligorScope, id: number): Promise<TDispute> {
  const where: SQL[] = [sql`d.client_id = ${clientId}`, sql`d.id = ${id}`];
  const inScope = scopeCondition(clientId, scope, sql`d.sys_obligor_code`);
  if (inScope) where.push(inScope);
  const dispute = await queryRow(
    db,
    disputeSelect(clientId, await clientToday(db, clientId), sql.join(where, sql` and `)),
    DisputeRow,
  );
  if (!dispute) throw notFound('Dispute');
  return dispute;
}

/** GET /disputes: the scope's disputes, open ones first (oldest first), then the resolved, newest first. */
export async function listDisputes(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: TDisputesQuery,
): Promise<{ rows: TDispute[]; total: number }> {
  const where: SQL[] = [sql`d.client_id = ${clientId}`];
  if (query.sysObligorCode) {
    await assertObligorVisible(db, clientId, scope, query.sysObligorCode);
    where.push(
      sql`(o.sys_obligor_code = ${query.sysObligorCode} or o.parent_sys_obligor_code = ${query.sysObligorCode})`,
    );
  }
  const inScope = scopeCondition(clientId, scope, sql`d.sys_obligor_code`);
  if (inScope) where.push(inScope);
  if (query.status) where.push(sql`d.status = ${query.status}`);
  const condition = sql.join(where, sql` and `);
  const today = await clientToday(db, clientId);
  const [rows, count] = await Promise.all([
    queryRows(
      db,
      sql`${disputeSelect(clientId, today, condition)}
      order by d.status = 'OPEN' desc, case when d.status = 'OPEN' then d.opened_on end asc,
        coalesce(d.resolved_on, d.opened_on) desc, d.id desc
      limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      DisputeRow,
    ),
    queryRow(
      db,
      sql`select count(*) as total from disputes d
      join obligors o on o.client_id = d.client_id and o.sys_obligor_code = d.sys_obligor_code
      where ${condition}`,
      row({ total: col.int }),
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}
