import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { TWriteOff, TWriteOffBody, TWriteOffStatus } from '@/lib/contract/write-offs';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { dataUpdateTimes } from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { conflict, forbidden, invalid, notFound } from '@/lib/server/domain-errors';
import { scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { checkPromises } from '@/lib/server/promises/check-promises';
import { refreshSettlement } from '@/lib/server/receivables/refresh-rollups';
import { queueRollupJob, waitForRollups } from '@/lib/server/receivables/rollup-jobs';

/** Who acts, and the customers they see (a scoped holder of the permission writes off only theirs). */
type Actor = { clientId: number; userId: number; scope?: ObligorScope };

const visible = (by: Actor, code: SQL) => scopeCondition(by.clientId, by.scope, code) ?? sql`true`;

/** The ledger document an approved request writes: one per request. */
export const writeOffNumOf = (id: number) => `WRITEOFF-${id}`;

const WriteOffRow = row({
  id: col.int,
  sysInvoiceNum: col.text,
  invoiceNum: col.text,
  sysObligorCode: col.text,
  obligorName: col.text,
  outstanding: col.num,
  amount: col.num,
  reason: col.text,
  status: col.oneOf(['PENDING', 'APPROVED', 'REJECTED'] as const),
  requestedById: col.int,
  requestedBy: col.text,
  requestedAt: col.instant,
  decidedBy: col.text.nullable(),
  decidedAt: col.instant.nullable(),
  writeOffNum: col.text.nullable(),
  writtenOffOn: col.day.nullable(),
});

function requests(by: Actor, where: SQL) {
  return sql`select w.id, w.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum",
      i.sys_obligor_code as "sysObligorCode", o.name as "obligorName", i.amount - i.paid_to_date as outstanding,
      w.amount, w.reason, w.status, w.requested_by as "requestedById", r.name as "requestedBy",
      w.requested_at as "requestedAt", d.name as "decidedBy", w.decided_at as "decidedAt",
      w.write_off_num as "writeOffNum", w.written_off_on::text as "writtenOffOn"
    from write_off_requests w
    join invoices i on i.client_id = w.client_id and i.sys_invoice_num = w.sys_invoice_num
    join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    join users r on r.client_id = w.client_id and r.id = w.requested_by
    left join users d on d.client_id = w.client_id and d.id = w.decided_by
    where w.client_id = ${by.clientId} and ${visible(by, sql`i.sys_obligor_code`)} and ${where}`;
}

async function readRequests(db: Db, by: Actor, where: SQL): Promise<TWriteOff[]> {
  const rows = await queryRows(
    db,
    sql`${requests(by, where)}
      order by w.status = 'PENDING' desc, coalesce(w.decided_at, w.requested_at) desc, w.id desc`,
    WriteOffRow,
  );
  return rows.map(({ requestedById, ...r }) => ({ ...r, mine: requestedById === by.userId }));
}

async function requestById(db: Db, by: Actor, id: number): Promise<TWriteOff> {
  const [found] = await readRequests(db, by, sql`w.id = ${id}`);
  if (!found) throw notFound('Write-off');
  return found;
}

/** GET /writeoffs: pending first (oldest decisions last). */
export function listWriteOffs(db: Db, by: Actor, status?: TWriteOffStatus): Promise<TWriteOff[]> {
  return readRequests(db, by, status ? sql`w.status = ${status}` : sql`true`);
}

const InvoiceRow = row({ docType: col.text, outstanding: col.num, pending: col.int });

/** POST /writeoffs: an open invoice's outstanding (or part of it), with the reason; waits for a second holder's approval. */
export async function requestWriteOff(db: Db, by: Actor, body: TWriteOffBody): Promise<TWriteOff> {
  const id = await db.transaction(async (tx) => {
    const invoice = await queryRow(
      tx,
      sql`select i.doc_type as "docType", i.amount - i.paid_to_date as outstanding,
          (select count(*)::int from write_off_requests w where w.client_id = ${by.clientId}
            and w.sys_invoice_num = i.sys_invoice_num and w.status = 'PENDING') as pending
        from invoices i where i.client_id = ${by.clientId} and i.sys_invoice_num = ${body.sysInvoiceNum}
          and ${visible(by, sql`i.sys_obligor_code`)}
        for update`,
      InvoiceRow,
    );
    if (!invoice) throw invalid(`No invoice ${body.sysInvoiceNum}`, { sysInvoiceNum: 'no such invoice' });
    if (invoice.docType !== 'INVOICE' && invoice.docType !== 'DEBIT_NOTE')
      throw invalid(`${body.sysInvoiceNum} is not a debt: only an invoice or a debit note is written off`, {
        sysInvoiceNum: 'not an invoice',
      });
    if (invoice.pending)
      throw conflict(`A write-off of ${body.sysInvoiceNum} is already waiting for approval`, {
        sysInvoiceNum: 'a write-off is pending',
      });
    if (invoice.outstanding <= 0)
      throw conflict(`${body.sysInvoiceNum} is settled: nothing is left to write off`, {
        sysInvoiceNum: 'settled',
      });
    if (body.amount > invoice.outstanding)
      throw invalid(`At most ${invoice.outstanding.toFixed(2)} is open on ${body.sysInvoiceNum}`, {
        amount: `at most ${invoice.outstanding.toFixed(2)}, what is open`,
      });
    const inserted = await queryRow(
      tx,
      sql`insert into write_off_requests (client_id, sys_invoice_num, amount, reason, requested_by)
        values (${by.clientId}, ${body.sysInvoiceNum}, ${body.amount.toFixed(2)}, ${body.reason}, ${by.userId})
        returning id`,
      row({ id: col.int }),
    );
    const after = { sysInvoiceNum: body.sysInvoiceNum, amount: body.amount, reason: body.reason, status: 'PENDING' };
    await recordAudit(tx, {
      clientId: by.clientId,
      userId: by.userId,
      action: 'write_off_requested',
      entity: 'write_off',
      entityId: inserted!.id,
      before: null,
      after,
    });
    return inserted!.id;
  });
  return requestById(db, by, id);
}

const PendingRow = row({
  sysInvoiceNum: col.text,
  amount: col.num,
  reason: col.text,
  status: col.text,
  requestedBy: col.int,
});

/** The pending request, locked, that `by` may decide: 404 unknown, 409 decided, 403 one's own. */
async function pendingRequest(tx: Db, by: Actor, id: number) {
  const found = await queryRow(
    tx,
    sql`select w.sys_invoice_num as "sysInvoiceNum", w.amount, w.reason, w.status, w.requested_by as "requestedBy"
      from write_off_requests w join invoices i on i.client_id = w.client_id and i.sys_invoice_num = w.sys_invoice_num
      where w.client_id = ${by.clientId} and w.id = ${id} and ${visible(by, sql`i.sys_obligor_code`)}
      for update of w`,
    PendingRow,
  );
  if (!found) throw notFound('Write-off');
  if (found.status !== 'PENDING')
    throw conflict(`This write-off is already ${found.status.toLowerCase()}`, { id: found.status });
  if (found.requestedBy === by.userId)
    throw forbidden('A write-off is approved or rejected by someone other than who asked for it (four eyes)');
  return found;
}

/**
 * POST /writeoffs/{id}/approve: in one transaction, the WRITE_OFF document against the invoice
 * (dated the client's today, settled by being applied as a note is), the invoice settled again,
 * promises checked, the request approved and the edit log written; the customer's ageing is
 * rebuilt after the commit, as a cash application's is.
 */
export async function approveWriteOff(db: Db, by: Actor, id: number): Promise<TWriteOff> {
  await db.transaction(async (tx) => {
    const request = await pendingRequest(tx, by, id);
    const today = await clientToday(tx, by.clientId);
    const invoice = await queryRow(
      tx,
      sql`select sys_obligor_code as code, issue_date::text as issued, amount - paid_to_date as outstanding
        from invoices where client_id = ${by.clientId} and sys_invoice_num = ${request.sysInvoiceNum} for update`,
      row({ code: col.text, issued: col.day, outstanding: col.num }),
    );
    if (!invoice) throw notFound('Invoice');
    if (request.amount > invoice.outstanding)
      throw conflict(
        `${request.sysInvoiceNum} has ${invoice.outstanding.toFixed(2)} open now, less than the ${request.amount.toFixed(2)} asked: reject this request and ask again`,
        { id: 'more than is open' },
      );
    const num = writeOffNumOf(id);
    const day = invoice.issued > today ? invoice.issued : today;
    const amount = (-request.amount).toFixed(2);
    await tx.execute(sql`insert into invoices (client_id, sys_invoice_num, invoice_num, sys_obligor_code, doc_type,
        issue_date, due_date, amount, currency, dim1_id, dim2_id, dim3_id, against_sys_invoice_num, paid_to_date,
        settled_date, status)
      select client_id, ${num}, ${num}, sys_obligor_code, 'WRITE_OFF', ${day}::date, ${day}::date, ${amount}, currency,
        dim1_id, dim2_id, dim3_id, sys_invoice_num, ${amount}, ${day}::date, 'CLOSED'
      from invoices where client_id = ${by.clientId} and sys_invoice_num = ${request.sysInvoiceNum}`);
    await tx.execute(sql`update write_off_requests set status = 'APPROVED', decided_by = ${by.userId}, decided_at = now(),
        written_off_on = ${day}::date, write_off_num = ${num}
      where client_id = ${by.clientId} and id = ${id}`);
    await refreshSettlement(
      tx,
      by.clientId,
      sql`select unnest(array[${request.sysInvoiceNum}, ${num}]::text[]) as sys_invoice_num`,
    );
    await checkPromises(tx, by.clientId, today);
    const now = new Date();
    await tx
      .insert(dataUpdateTimes)
      .values({ clientId: by.clientId, integrationUpdateTime: now })
      .onConflictDoUpdate({ target: dataUpdateTimes.clientId, set: { integrationUpdateTime: now } });
    await queueRollupJob(tx, {
      clientId: by.clientId,
      importId: null,
      queuedAt: now,
      asOf: today,
      since: day < today ? day : today,
      obligors: sql`select ${invoice.code}::text`,
    });
    await recordAudit(tx, {
      clientId: by.clientId,
      userId: by.userId,
      action: 'write_off_approved',
      entity: 'write_off',
      entityId: id,
      before: { status: 'PENDING', outstanding: invoice.outstanding },
      after: {
        status: 'APPROVED',
        writeOffNum: num,
        writtenOffOn: day,
        amount: request.amount,
        outstanding: Math.round((invoice.outstanding - request.amount) * 100) / 100,
      },
    });
  });
  await waitForRollups(db, by.clientId);
  return requestById(db, by, id);
}

/** POST /writeoffs/{id}/reject: the request closed without a ledger change; in the edit log. */
export async function rejectWriteOff(db: Db, by: Actor, id: number): Promise<TWriteOff> {
  await db.transaction(async (tx) => {
    await pendingRequest(tx, by, id);
    await tx.execute(sql`update write_off_requests set status = 'REJECTED', decided_by = ${by.userId}, decided_at = now()
      where client_id = ${by.clientId} and id = ${id}`);
    await recordAudit(tx, {
      clientId: by.clientId,
      userId: by.userId,
      action: 'write_off_rejected',
      entity: 'write_off',
      entityId: id,
      before: { status: 'PENDING' },
      after: { status: 'REJECTED' },
    });
  });
  return requestById(db, by, id);
}
