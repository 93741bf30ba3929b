import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { obligors } from './obligors';

/**
 * An open item: invoice, debit note or credit note, or a bad debt written off (WRITE_OFF: always
 * against an invoice, which it settles as a note would; kept apart from credit notes so that the
 * provision's loss rates and the reports read write-offs as such). Amounts are signed: a credit note
 * and a write-off are negative.
 * Outstanding at a date = amount - payments dated on or before it.
 */
export const invoices = pgTable(
  'invoices',
  {
    clientId: integer().notNull(),
    sysInvoiceNum: text().notNull(),
    invoiceNum: text().notNull(),
    docNum: text(),
    sysObligorCode: text().notNull(),
    docType: text().$type<'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'WRITE_OFF'>().notNull().default('INVOICE'),
    issueDate: date().notNull(),
    dueDate: date(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    // The value before GST, when the ERP exports it: TDS is deducted on it (cash application). Null:
    // the client's usual GST rate is taken off the amount.
    taxableAmount: numeric({ precision: 18, scale: 2 }),
    currency: text().notNull(),
    dim1Id: integer(),
    dim2Id: integer(),
    dim3Id: integer(),
    status: text().$type<'OPEN' | 'CLOSED'>().notNull().default('OPEN'),
    // The day payments first covered the amount (kept by the rollup refresh); null while open.
    // Lets as-of queries skip every item settled before the date without reading its payments.
    settledDate: date(),
    // Sum of every payment so far (kept by the rollup refresh): outstanding today = amount - paidToDate.
    paidToDate: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
    // A credit or debit note raised against an invoice of the same customer (a return, a rate
    // difference): from the note's issue date it changes that invoice's open amount, aged by the
    // invoice's dates, instead of standing alone (see the settlements view). Null: it stands alone.
    againstSysInvoiceNum: text(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.sysInvoiceNum] }),
    // No foreign key to obligors: PostgreSQL checks one row by row (a query per item), 7 of 31 s
    // of writing a million items. The only writer, the import (lib/server/imports/apply.ts), joins
    // each item to its customer of the same client in the insert itself, and customers are never
    // deleted or renamed, so an item cannot lose its customer; tests/seed-invariants.test.ts checks it.
    foreignKey({
      columns: [t.clientId, t.againstSysInvoiceNum],
      foreignColumns: [t.clientId, t.sysInvoiceNum],
    }),
    index('invoices_against')
      .on(t.clientId, t.againstSysInvoiceNum)
      .where(sql`${t.againstSysInvoiceNum} is not null`),
    // Notes against an invoice by day: the settlements after a date read them without the other items.
    index('invoices_notes_by_day')
      .on(t.clientId, t.issueDate)
      .where(sql`${t.againstSysInvoiceNum} is not null`),
    index('invoices_obligor').on(t.clientId, t.sysObligorCode, t.issueDate),
    // By number, with what "open at a date" reads, so that a page of another date sorted by
    // number checks it inside the index instead of fetching every item issued since.
    index('invoices_number').on(
      t.clientId,
      t.invoiceNum,
      sql`coalesce(${t.settledDate}, 'infinity'::date)`,
      t.issueDate,
    ),
    index('invoices_unsettled').on(t.clientId, t.settledDate, t.issueDate),
    index('invoices_issue').on(t.clientId, t.issueDate),
    // Open items by how late they are, debts before credit notes (the open-invoice list's default
    // order), without a sort.
    index('invoices_open_debts_by_due')
      .on(t.clientId, sql`(${t.amount} < 0)`, sql`coalesce(${t.dueDate}, ${t.issueDate})`)
      .where(sql`${t.settledDate} is null`),
    // Items by how late they are on any date: the open-invoice list of another date walks it in its
    // default order, checking "issued by then, not settled by then" inside the index, so a page
    // reads a page of items, not every item open then with the payments made since.
    index('invoices_by_due_at').on(
      t.clientId,
      sql`(${t.amount} < 0)`,
      sql`coalesce(${t.dueDate}, ${t.issueDate})`,
      sql`coalesce(${t.settledDate}, 'infinity'::date)`,
      t.issueDate,
    ),
    // Items by amount on any date, the same way: the open-invoice list sorted by amount walks it,
    // and sorted by what is still owed reads it from the largest (or smallest) amount down to a
    // bound (see outstandingBound in list-invoices.ts).
    index('invoices_by_amount_at').on(
      t.clientId,
      t.amount,
      sql`coalesce(${t.settledDate}, 'infinity'::date)`,
      t.issueDate,
    ),
    // Invoice-number search anywhere in the number ("004512"): trigram index.
    index('invoices_number_trgm').using('gin', sql`${t.invoiceNum} gin_trgm_ops`),
    check('invoices_doc_type', sql`${t.docType} in ('INVOICE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'WRITE_OFF')`),
    check('invoices_sign', sql`(${t.docType} in ('CREDIT_NOTE', 'WRITE_OFF')) = (${t.amount} < 0)`),
    // A write-off writes off (part of) an invoice: it never stands alone.
    check('invoices_write_off_against', sql`${t.docType} <> 'WRITE_OFF' or ${t.againstSysInvoiceNum} is not null`),
    check(
      'invoices_against_note',
      sql`${t.againstSysInvoiceNum} is null or (${t.docType} <> 'INVOICE' and ${t.againstSysInvoiceNum} <> ${t.sysInvoiceNum})`,
    ),
  ],
);

/** A dated settlement against one item, partial or full. */
export const payments = pgTable(
  'payments',
  {
    clientId: integer().notNull(),
    paymentRef: text().notNull(),
    sysInvoiceNum: text().notNull(),
    paidDate: date().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.paymentRef] }),
    foreignKey({ columns: [t.clientId, t.sysInvoiceNum], foreignColumns: [invoices.clientId, invoices.sysInvoiceNum] }),
    index('payments_invoice').on(t.clientId, t.sysInvoiceNum, t.paidDate),
    index('payments_date').on(t.clientId, t.paidDate),
  ],
);

/**
 * An invoice payable in parts (a payment schedule): each instalment falls due on its own date and is
 * aged by it. The instalments of an invoice sum to its amount; what settles the invoice settles its
 * instalments oldest due date first (lib/server/receivables/instalments.ts).
 */
export const instalments = pgTable(
  'instalments',
  {
    clientId: integer().notNull(),
    sysInvoiceNum: text().notNull(),
    dueDate: date().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.sysInvoiceNum, t.dueDate] }),
    foreignKey({ columns: [t.clientId, t.sysInvoiceNum], foreignColumns: [invoices.clientId, invoices.sysInvoiceNum] }),
    // By due day: the open-invoice list by lateness reads the instalments beyond its page's edge as
    // a range instead of every instalment of the client.
    index('instalments_due').on(t.clientId, t.dueDate),
    check('instalments_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Money received without naming the bill it pays (Tally's "Advance" and "On Account"): it belongs to
 * the customer, reduces no item, and shows as `unallocated` (negative) until allocations apply it.
 */
export const receipts = pgTable(
  'receipts',
  {
    clientId: integer().notNull(),
    paymentRef: text().notNull(),
    sysObligorCode: text().notNull(),
    kind: text().$type<'ADVANCE' | 'ON_ACCOUNT'>().notNull(),
    paidDate: date().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.paymentRef] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('receipts_obligor').on(t.clientId, t.sysObligorCode, t.paidDate),
    index('receipts_date').on(t.clientId, t.paidDate),
    check('receipts_kind', sql`${t.kind} in ('ADVANCE', 'ON_ACCOUNT')`),
    check('receipts_amount', sql`${t.amount} > 0`),
  ],
);

/** Part of a receipt applied to an invoice of its customer from a date: it settles the invoice from then on. */
export const allocations = pgTable(
  'allocations',
  {
    clientId: integer().notNull(),
    paymentRef: text().notNull(),
    sysInvoiceNum: text().notNull(),
    allocatedDate: date().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.paymentRef, t.sysInvoiceNum, t.allocatedDate] }),
    foreignKey({ columns: [t.clientId, t.paymentRef], foreignColumns: [receipts.clientId, receipts.paymentRef] }),
    foreignKey({ columns: [t.clientId, t.sysInvoiceNum], foreignColumns: [invoices.clientId, invoices.sysInvoiceNum] }),
    index('allocations_invoice').on(t.clientId, t.sysInvoiceNum, t.allocatedDate),
    index('allocations_date').on(t.clientId, t.allocatedDate),
    check('allocations_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * What settles an item, on the day it does (`source` says how):
 * - PAYMENT: payments against it, on their day;
 * - ALLOCATION: allocations of receipts to it, from their date;
 * - NOTE: a credit or debit note raised against it, from the note's issue date (a credit note
 *   settles it by its amount, a debit note adds to it: a negative settlement), and the note itself,
 *   settled by being applied on its own issue date (reference: the invoice it is against), so that
 *   it never stands alone as an open item.
 * Every reading of an item's open amount reads this, not payments; cash (collected, days to pay
 * from receipts) reads payments and receipts.
 */
export const settlements = pgView('settlements', {
  clientId: integer().notNull(),
  paymentRef: text().notNull(),
  sysInvoiceNum: text().notNull(),
  paidDate: date().notNull(),
  amount: numeric({ precision: 18, scale: 2 }).notNull(),
  source: text().$type<'PAYMENT' | 'ALLOCATION' | 'NOTE'>().notNull(),
}).as(
  sql`select client_id, payment_ref, sys_invoice_num, paid_date, amount, 'PAYMENT' as source from payments
    union all select client_id, payment_ref, sys_invoice_num, allocated_date, amount, 'ALLOCATION' from allocations
    union all select client_id, sys_invoice_num, against_sys_invoice_num, issue_date, -amount, 'NOTE'
      from invoices where against_sys_invoice_num is not null
    union all select client_id, against_sys_invoice_num, sys_invoice_num, issue_date, amount, 'NOTE'
      from invoices where against_sys_invoice_num is not null`,
);
