import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog, disputeInvoices, disputes } from '@/lib/db/schema';
import type { TDispute, TOpenDisputeBody, TResolveDisputeBody } from '@/lib/contract/disputes';
import { aboveOpenProblem, toPaise } from '@/lib/domain/open-amount';
import { conflict, invalid, notFound } from '@/lib/server/domain-errors';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { IS_OPEN_DEBT } from '@/lib/server/invoices/open-debt';
import { getDispute } from './list-disputes';

const badField = (field: string, message: string) => invalid(message, { [field]: message });

export interface DisputeUser {
  clientId: number;
  userId: number;
  scope: ObligorScope;
  /** A portal-only user: the customer raising it on the portal. */
  portal: boolean;
}

/** SQL `in (…)` list of text values. */
const inList = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * POST /disputes: the invoices must be open debts (invoices or debit notes not settled) of one
 * customer in the user's scope (404 otherwise, as for a customer that does not exist), none of them
 * already in an open dispute (409), and the amount at most what is open on them.
 */
export async function openDispute(db: Db, user: DisputeUser, body: TOpenDisputeBody): Promise<TDispute> {
  const { clientId, userId } = user;
  const nums = [...new Set(body.sysInvoiceNums)];
  const found = await queryRows(
    db,
    sql`select i.sys_invoice_num as num, i.invoice_num as "invoiceNum", i.sys_obligor_code as code,
      (i.amount - i.paid_to_date)::text as open,
      ${IS_OPEN_DEBT} as "isOpenDebt"
    from invoices i where i.client_id = ${clientId} and i.sys_invoice_num in ${inList(nums)}
    order by i.sys_invoice_num`,
    row({ num: col.text, invoiceNum: col.text, code: col.text, open: col.num, isOpenDebt: col.bool }),
  );
  const missing = nums.filter((n) => !found.some((f) => f.num === n));
  if (missing.length) throw badField('sysInvoiceNums', `no such invoice: ${missing.join(', ')}`);
  const codes = [...new Set(found.map((f) => f.code))];
  if (codes.length > 1) throw badField('sysInvoiceNums', 'choose invoices of one customer');
  const code = codes[0]!;
  await assertObligorInScope(db, clientId, user.scope, code);
  const closed = found.filter((f) => !f.isOpenDebt);
  if (closed.length)
    throw badField('sysInvoiceNums', `not open invoices: ${closed.map((f) => f.invoiceNum).join(', ')}`);
  const tooMuch = aboveOpenProblem(
    body.amount,
    found.reduce((s, f) => s + toPaise(f.open), 0),
    'on these invoices',
  );
  if (tooMuch) throw badField('amount', tooMuch);
  const today = await clientToday(db, clientId);
  const id = await db.transaction(async (tx) => {
    // The invoices' rows are locked so that two disputes of the same invoice cannot both pass the check.
    await tx.execute(
      sql`select 1 from invoices where client_id = ${clientId} and sys_invoice_num in ${inList(nums)} for update`,
    );
    const taken = await queryRows(
      tx,
      sql`select distinct i.invoice_num as "invoiceNum" from dispute_invoices di
      join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
      join invoices i on i.client_id = di.client_id and i.sys_invoice_num = di.sys_invoice_num
      where di.client_id = ${clientId} and d.client_id = ${clientId} and i.client_id = ${clientId}
        and d.status = 'OPEN' and di.sys_invoice_num in ${inList(nums)}
      order by 1`,
      row({ invoiceNum: col.text }),
    );
    if (taken.length)
      throw conflict(`already in an open dispute: ${taken.map((t) => t.invoiceNum).join(', ')}`, {
        sysInvoiceNums: `already in an open dispute: ${taken.map((t) => t.invoiceNum).join(', ')}`,
      });
    const [made] = await tx
      .insert(disputes)
      .values({
        clientId,
        sysObligorCode: code,
        reason: body.reason,
        amount: body.amount.toFixed(2),
        note: body.note ?? null,
        openedOn: today,
        userId: user.portal ? null : userId,
        portalUserId: user.portal ? userId : null,
      })
      .returning({ id: disputes.id });
    const disputeId = made!.id;
    await tx.insert(disputeInvoices).values(nums.map((sysInvoiceNum) => ({ clientId, disputeId, sysInvoiceNum })));
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'dispute_opened',
      entity: 'obligor',
      entityId: code,
      detail: { disputeId, reason: body.reason, amount: body.amount, invoices: nums, portal: user.portal },
    });
    return disputeId;
  });
  return getDispute(db, clientId, user.scope, id);
}

/** POST /disputes/{id}/resolve: an open dispute the user may see gets its outcome (409 once resolved). */
export async function resolveDispute(
  db: Db,
  user: { clientId: number; userId: number; scope: ObligorScope },
  id: number,
  body: TResolveDisputeBody,
): Promise<TDispute> {
  const { clientId, userId } = user;
  const dispute = await getDispute(db, clientId, user.scope, id);
  if (dispute.status !== 'OPEN') throw conflict('This dispute is already resolved');
  const today = await clientToday(db, clientId);
  await db.transaction(async (tx) => {
    const updated = await queryRows(
      tx,
      sql`update disputes set status = 'RESOLVED', outcome = ${body.outcome}, resolution = ${body.resolution ?? null},
        resolved_on = ${today}::date, resolved_by = ${userId}, changed_at = now()
      where client_id = ${clientId} and id = ${id} and status = 'OPEN' returning id`,
      row({ id: col.int }),
    );
    if (!updated.length) throw conflict('This dispute is already resolved');
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'dispute_resolved',
      entity: 'obligor',
      entityId: dispute.sysObligorCode,
      detail: { disputeId: id, outcome: body.outcome },
    });
  });
  const resolved = await getDispute(db, clientId, user.scope, id).catch(() => null);
  if (!resolved) throw notFound('Dispute');
  return resolved;
}
