import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { instalments, settlements } from '@/lib/db/schema';
import type { TInvoiceDetail } from '@/lib/contract/receivables';
import { boundariesOf, creditBucket, daysBetween, instalmentsOpen, invoiceBucket } from '@/lib/domain/ageing';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { todayOf } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { itemColumns, ItemRow } from './open-items';

/** An item's instalments in due order (none without a schedule). */
async function scheduleOf(db: Db, clientId: number, num: string) {
  const rows = await db
    .select({ dueDate: instalments.dueDate, amount: instalments.amount })
    .from(instalments)
    .where(and(eq(instalments.clientId, clientId), eq(instalments.sysInvoiceNum, num)))
    .orderBy(asc(instalments.dueDate));
  return rows.map((r) => ({ dueDate: r.dueDate, amount: Number(r.amount) }));
}

/** What each instalment of an item holds of its open amount `outstanding` (rupees), with its due date. */
function instalmentParts(
  item: { issueDate: string; dueDate: string | null; amount: number },
  schedule: { dueDate: string; amount: number }[],
  outstanding: number,
) {
  if (!schedule.length) return [];
  const paise = (rupees: number) => Math.round(rupees * 100);
  return instalmentsOpen(
    {
      issueDate: item.issueDate,
      dueDate: item.dueDate,
      amountPaise: paise(item.amount),
      payments: [],
      instalments: schedule.map((k) => ({ dueDate: k.dueDate, amountPaise: paise(k.amount) })),
    },
    paise(outstanding),
  ).map((part, i) => ({ ...schedule[i]!, outstanding: part.open / 100 }));
}

/** The item as stored, with its customer (the item's select of open-items.ts). */
const InvoiceHeader = ItemRow.extend({
  docNum: col.text.nullable(),
  currency: col.text,
  status: col.oneOf(['OPEN', 'CLOSED']),
  settledDate: col.day.nullable(),
  againstSysInvoiceNum: col.text.nullable(),
});

/**
 * GET /invoices?sysInvoiceNum=: one item with every payment and its ageing and status as of the date:
 * closed on a day it was settled by, open before.
 */
export async function getInvoice(
  db: Db,
  clientId: number,
  sysInvoiceNum: string,
  date?: string,
  scope?: ObligorScope,
): Promise<TInvoiceDetail> {
  const client = await getClient(db, clientId);
  const b = boundariesOf(client);
  const asOf = date ?? todayOf(client);
  const invoice = await queryRow(
    db,
    sql`
    select ${itemColumns()}, i.doc_num as "docNum", i.currency, i.status,
      i.settled_date::text as "settledDate", i.against_sys_invoice_num as "againstSysInvoiceNum"
    from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and i.sys_invoice_num = ${sysInvoiceNum}`,
    InvoiceHeader,
  );
  if (!invoice) throw notFound('Invoice');
  if (scope)
    await assertObligorVisible(db, clientId, scope, invoice.sysObligorCode).catch(() => {
      throw notFound('Invoice');
    });
  // Payments, allocated receipts and notes against it: what settles the item, as every figure reads it.
  const settled = await db
    .select({
      paymentRef: settlements.paymentRef,
      paidDate: settlements.paidDate,
      amount: settlements.amount,
      source: settlements.source,
    })
    .from(settlements)
    .where(and(eq(settlements.clientId, clientId), eq(settlements.sysInvoiceNum, sysInvoiceNum)))
    .orderBy(asc(settlements.paidDate), asc(settlements.paymentRef));
  // A note that is a write-off is named as such (bad debt, not a return or a rate difference).
  const notes = settled.filter((p) => p.source === 'NOTE').map((p) => sql`${p.paymentRef}`);
  const writeOffs = new Set(
    notes.length
      ? (
          await queryRows(
            db,
            sql`select sys_invoice_num as num from invoices
              where client_id = ${clientId} and doc_type = 'WRITE_OFF' and sys_invoice_num in (${sql.join(notes, sql`, `)})`,
            row({ num: col.text }),
          )
        ).map((r) => r.num)
      : [],
  );
  const { amount } = invoice;
  const paidByDate = settled
    .filter((p) => p.paidDate <= asOf)
    .reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
  const outstanding = (Math.round(amount * 100) - paidByDate) / 100;
  // A payment schedule: each instalment with what it still holds at the date (oldest settled first).
  const schedule = await scheduleOf(db, clientId, sysInvoiceNum);
  const instalmentRows = instalmentParts(invoice, schedule, outstanding).map((k) => ({
    ...k,
    daysPastDue: daysBetween(k.dueDate, asOf),
  }));
  // Aged by its oldest open instalment, as the buckets count it.
  const oldestOpen = instalmentRows.find((k) => k.outstanding !== 0);
  const daysPastDue = daysBetween(oldestOpen?.dueDate ?? invoice.dueDate ?? invoice.issueDate, asOf);
  const age = daysBetween(invoice.issueDate, asOf);
  // Its status of the date: settled by then, or still open then (today's CLOSED is a later fact).
  const settledLater = invoice.settledDate !== null && invoice.settledDate > asOf;
  return {
    ...invoice,
    status: settledLater ? 'OPEN' : invoice.status,
    settledDate: settledLater ? null : invoice.settledDate,
    date: asOf,
    outstanding,
    paid: paidByDate / 100,
    daysPastDue,
    bucket: outstanding === 0 ? null : creditBucket(daysPastDue, b),
    invoiceBucket: outstanding === 0 ? null : invoiceBucket(age, b),
    payments: settled.map((p) => ({
      ...p,
      amount: Number(p.amount),
      source: writeOffs.has(p.paymentRef) ? ('WRITE_OFF' as const) : p.source,
    })),
    instalments: instalmentRows,
  };
}
