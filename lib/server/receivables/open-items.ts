import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { col, row } from '@/lib/db/rows';
import { DOC_TYPES } from '@/lib/domain/filters';
import { dueDayOf } from './instalments';

/** What an item (alias `i` on invoices) is at a date: open or not, what it still owes, how late it is. */
export interface OpenItemTerms {
  /** The date as a SQL date. */
  d: SQL;
  /** True when the date is the client's today or later: the stored paid-to-date answers without reading payments. */
  current: boolean;
  /** Amount less what was paid by the date. */
  outstanding: SQL;
  /**
   * Days past the due date (the issue date without one; the oldest open instalment's for an invoice
   * payable in instalments); negative before it falls due.
   */
  pastDue: SQL;
  /** Days since the issue date. */
  age: SQL;
  /** Where-conditions (with the client) that keep the items open at the date. */
  conditions: SQL[];
}

/**
 * The one rule for "open at the date" shared by the invoices call and the open-invoices report:
 * issued by the date, not settled by it, owing something. For today the stored paid-to-date is
 * the answer (and every unsettled item owes something by definition); a backdated date adds back
 * the payments received after it, and then also needs the items settled since.
 */
export function openItemTerms(clientId: number, asOf: string, today: string): OpenItemTerms {
  const d = sql`${asOf}::date`;
  // The client's own today (its time zone): no payment is dated after it, so the stored figure holds.
  const current = asOf >= today;
  const outstanding = current
    ? sql`(i.amount - i.paid_to_date)`
    : sql`(i.amount - i.paid_to_date + coalesce((select sum(p.amount)
    from settlements p where p.client_id = i.client_id and p.sys_invoice_num = i.sys_invoice_num and p.paid_date > ${d}), 0))`;
  const conditions: SQL[] = [
    sql`i.client_id = ${clientId}`,
    sql`i.issue_date <= ${d}`,
    ...(current
      ? [sql`i.settled_date is null`]
      : // Written so that the indexes of items by due date and by amount (invoices_by_due_at,
        // invoices_by_amount_at) check it inside the index: a sorted page walks one and stops.
        // "Owing something at the date" needs no separate test: payments carry their item's sign
        // and never sum above its amount (the import refuses more), so an item owes nothing at a
        // date exactly when its payments had covered it by then, which is its settled date.
        [sql`coalesce(i.settled_date, 'infinity'::date) > ${d}`]),
  ];
  return {
    d,
    current,
    outstanding,
    conditions,
    // An invoice payable in instalments is as late as its oldest open instalment.
    pastDue: sql`(${d} - ${dueDayOf(outstanding)})`,
    age: sql`(${d} - i.issue_date)`,
  };
}

/** An item with its customer, as the invoices list, an invoice's detail and the open-invoices workbook read it (itemColumns). */
export const ItemRow = row({
  sysInvoiceNum: col.text,
  invoiceNum: col.text,
  docType: col.oneOf(DOC_TYPES),
  sysObligorCode: col.text,
  obligorName: col.text,
  parentSysObligorCode: col.text,
  issueDate: col.day,
  dueDate: col.day.nullable(),
  amount: col.num,
});

/**
 * The columns of ItemRow for an item (alias `i` on invoices) and its obligor (alias `o`). `obligor`
 * reads a column of the obligor: as it is when `o` is joined, or looked up for the row.
 */
export function itemColumns(obligor: (column: SQL) => SQL = (column) => column): SQL {
  return sql`i.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum", i.doc_type as "docType",
    i.sys_obligor_code as "sysObligorCode", ${obligor(sql`o.name`)} as "obligorName",
    ${obligor(sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code)`)} as "parentSysObligorCode",
    i.issue_date::text as "issueDate", i.due_date::text as "dueDate", i.amount`;
}

/** An item open at a date: ItemRow with what it still owes then and how late it is (openItemColumns). */
export const OpenItemRow = ItemRow.extend({ outstanding: col.num, daysPastDue: col.int });

/** The columns of OpenItemRow, the one select of an open item shared by the invoices list and the workbook. */
export function openItemColumns(terms: OpenItemTerms, obligor?: (column: SQL) => SQL): SQL {
  return sql`${itemColumns(obligor)}, ${terms.outstanding}::numeric(18,2) as outstanding, ${terms.pastDue} as "daysPastDue"`;
}

/**
 * The one rule for money on account at a date, receipt by receipt, shared by the statement of
 * account and the open-invoices workbook (lib/domain/ageing.ts unallocatedAt, per receipt): each
 * receipt (on account or advance) received on or before the date that allocations dated on or before
 * it have not used up, with its reference, customer, kind, day and amount, what has been allocated of
 * it (`allocated`) and the rest as `unallocated`, negative like the spec's figure. `where` narrows the
 * receipts (alias `r`: its customers, a keyset bound). Index receipts_obligor, then the primary key
 * of allocations (client, receipt), so a family or a batch reads its own receipts only.
 */
export function unallocatedReceiptsSql(clientId: number, asOf: string, where?: SQL): SQL {
  const d = sql`${asOf}::date`;
  return sql`
    select r.payment_ref, r.sys_obligor_code, r.kind, r.paid_date, r.amount, x.allocated,
      x.allocated - r.amount as unallocated
    from receipts r cross join lateral (
      select coalesce(sum(a.amount), 0) as allocated from allocations a
      where a.client_id = r.client_id and a.payment_ref = r.payment_ref and a.allocated_date <= ${d}
    ) x
    where r.client_id = ${clientId} and r.paid_date <= ${d}${where ? sql` and ${where}` : sql``} and x.allocated < r.amount`;
}
