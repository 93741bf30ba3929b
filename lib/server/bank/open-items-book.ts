import 'server-only';
import { sql } from 'drizzle-orm';
import { referenceBook, type ReferenceBook } from '@/lib/domain/bank-narration';
import type { OpenItem } from '@/lib/domain/cash-match';
import type { PayerKey } from '@/lib/domain/payer-identity';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';

const OpenInvoiceRow = row({
  sysInvoiceNum: col.text,
  invoiceNum: col.text,
  sysObligorCode: col.text,
  open: col.num,
  taxable: col.num.nullable(),
  date: col.day,
});

const PayerRow = row({ kind: col.text, value: col.text, sysObligorCode: col.text });

export interface OpenItemsBook {
  /** The client's open invoice numbers, ours and the ERP's, for the narration reader. */
  book: ReferenceBook;
  /** An open invoice by either of its numbers. */
  byNumber: ReadonlyMap<string, OpenItem>;
  /** Each customer's open invoices. */
  byCustomer: ReadonlyMap<string, readonly OpenItem[]>;
  /** The customers a learned payer key names (lib/domain/payer-identity.ts). */
  payers: (key: PayerKey) => readonly string[];
}

/**
 * The client's open invoices now and the payers it learned, read once per statement: what a
 * narration may name, and whose items a known payer's credit is matched against. Open is the
 * stored amount less paid to date (the settlements rule keeps both: architecture.md, "What settles
 * an item"); the oldest is the one due first. Credit and debit notes are no bill a customer pays.
 */
export async function openItemsBook(db: Db, clientId: number): Promise<OpenItemsBook> {
  const rows = await queryRows(
    db,
    sql`select i.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum", i.sys_obligor_code as "sysObligorCode",
          i.amount - i.paid_to_date as open,
          -- The taxable value of what is open: the invoice's own, in the share still open.
          round(i.taxable_amount * (i.amount - i.paid_to_date) / i.amount, 2) as taxable, coalesce(i.due_date, i.issue_date)::text as date
        from invoices i
        where i.client_id = ${clientId} and i.settled_date is null and i.doc_type = 'INVOICE' and i.amount > i.paid_to_date`,
    OpenInvoiceRow,
  );
  const byNumber = new Map<string, OpenItem>();
  const byCustomer = new Map<string, OpenItem[]>();
  for (const r of rows) {
    const item: OpenItem = {
      sysInvoiceNum: r.sysInvoiceNum,
      invoiceNum: r.invoiceNum,
      sysObligorCode: r.sysObligorCode,
      open: Math.round(r.open * 100),
      taxable: r.taxable === null ? null : Math.round(r.taxable * 100),
      date: r.date,
    };
    byNumber.set(r.sysInvoiceNum, item);
    const own = byCustomer.get(r.sysObligorCode);
    if (own) own.push(item);
    else byCustomer.set(r.sysObligorCode, [item]);
    if (!byNumber.has(r.invoiceNum)) byNumber.set(r.invoiceNum, item);
  }
  const learned = new Map<string, string[]>();
  for (const p of await queryRows(
    db,
    sql`select kind, value, sys_obligor_code as "sysObligorCode" from bank_payers where client_id = ${clientId}`,
    PayerRow,
  )) {
    const key = `${p.kind} ${p.value}`;
    learned.set(key, [...(learned.get(key) ?? []), p.sysObligorCode]);
  }
  return {
    // Customers with something open: a code naming another is no evidence of a payment to apply.
    book: referenceBook({ invoiceNumbers: byNumber.keys(), customerCodes: byCustomer.keys() }),
    byNumber,
    byCustomer,
    payers: (key) => learned.get(`${key.kind} ${key.value}`) ?? [],
  };
}
