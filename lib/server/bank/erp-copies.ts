import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { refreshSettlement } from '@/lib/server/receivables/refresh-rollups';

/** A bank reference shorter than this (a 6-digit cheque number) names a receipt only with its customer (as `sameReceipt`). */
const MIN_REFERENCE_CHARS = 12;
const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

interface ReceiptFacts {
  sysObligorCode: string;
  /** Paise. */
  amount: number;
  date: string;
  references: readonly string[];
}

/**
 * The ERP's receipts of the ledger (every receipt and payment not written by cash application)
 * that are the same receipt as `facts` (lib/domain/cash-application.ts `sameReceipt`): one whose
 * reference holds the bank's UTR or RRN; else the customer's receipt, or payments of one
 * reference, of the same amount on the same day. Answers the ERP's payment reference: the
 * customer's own of that amount first, then the customer's (a family's receipts share the UTR).
 */
export async function erpCopyOf(
  db: Db,
  clientId: number,
  facts: ReceiptFacts,
  /** During an import: the batch's staged payments too (import_payments), before they are checked. */
  staged = false,
): Promise<string | null> {
  const refs = [...new Set(facts.references.map(compact).filter((r) => r.length >= MIN_REFERENCE_CHARS))];
  const rupees = (facts.amount / 100).toFixed(2);
  const byReference = refs.length
    ? sql`or upper(regexp_replace(e.payment_ref, '[^A-Za-z0-9]', '', 'g')) like any (array[${sql.join(
        refs.map((r) => sql`${`%${r}%`}`),
        sql`, `,
      )}]::text[])`
    : sql``;
  const found = await queryRows(
    db,
    sql`select payment_ref as ref from (
          select r.payment_ref, r.sys_obligor_code, r.paid_date, r.amount from receipts r
          where r.client_id = ${clientId} and r.payment_ref not like 'BANK-%'
          union all
          select p.payment_ref, i.sys_obligor_code, p.paid_date, p.amount from payments p
          join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
          where p.client_id = ${clientId}
          ${
            staged
              ? sql`union all
          select s.payment_ref, coalesce(s.sys_obligor_code, i.sys_obligor_code), s.paid_date, s.amount from import_payments s
          left join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = s.sys_invoice_num
          where s.ok and s.payment_ref not like 'BANK-%'`
              : sql``
          }) e
        where (e.sys_obligor_code = ${facts.sysObligorCode} and e.paid_date = ${facts.date}::date and e.amount = ${rupees}::numeric)
          ${byReference}
        -- A family's receipts share the bank's reference: each account's is its own copy first.
        order by (e.sys_obligor_code = ${facts.sysObligorCode} and e.amount = ${rupees}::numeric) desc,
          (e.sys_obligor_code = ${facts.sysObligorCode}) desc, 1
        limit 1`,
    row({ ref: col.text }),
  );
  return found[0]?.ref ?? null;
}

export interface RecognisedCopy {
  lineId: number;
  paymentRef: string;
  erpPaymentRef: string;
  /** The invoices the receipt was allocated to. */
  items: string[];
}

/**
 * During an ERP import, before its rows are checked: each receipt applied here whose ERP copy the
 * batch brings counts once. Its money receipt and allocations give way to the ERP's (the ERP's
 * allocations win), so the batch's payments are checked against a ledger without them; its TDS and
 * write-off go too where the ERP's own settlements (stored and in the batch) already cover the
 * invoice; the invoices are settled again; the line stays applied and can no longer be undone.
 * Each is said in `warnings` (the import's report).
 */
export async function recogniseErpCopies(db: Db, clientId: number, warnings: string[]): Promise<RecognisedCopy[]> {
  const pending = await queryRows(
    db,
    sql`select line_id as "lineId", payment_ref as "paymentRef", sys_obligor_code as "sysObligorCode",
          received, paid_date::text as "paidDate", bank_references as refs, allocations
        from bank_receipts where client_id = ${clientId} and erp_payment_ref is null`,
    row({
      lineId: col.int,
      paymentRef: col.text,
      sysObligorCode: col.text,
      received: col.int,
      paidDate: col.day,
      refs: col.json(z.array(z.string())),
      allocations: col.json(z.array(z.object({ sysInvoiceNum: z.string() }))),
    }),
  );
  const recognised: RecognisedCopy[] = [];
  for (const p of pending) {
    const facts = { sysObligorCode: p.sysObligorCode, amount: p.received, date: p.paidDate, references: p.refs };
    const erp = await erpCopyOf(db, clientId, facts, true);
    if (!erp) continue;
    await db.execute(sql`delete from allocations where client_id = ${clientId} and payment_ref = ${p.paymentRef}`);
    await db.execute(sql`delete from receipts where client_id = ${clientId} and payment_ref = ${p.paymentRef}`);
    // Receipt by receipt: a line that paid a family's bills wrote one per account.
    await db.execute(sql`update bank_receipts set erp_payment_ref = ${erp}, erp_recognised_at = now()
      where client_id = ${clientId} and payment_ref = ${p.paymentRef}`);
    const items = p.allocations.map((a) => a.sysInvoiceNum);
    recognised.push({ lineId: p.lineId, paymentRef: p.paymentRef, erpPaymentRef: erp, items });
    warnings.push(
      `receipt ${p.paymentRef} applied from the bank statement is the ERP's ${erp}: counted once, the ERP's allocations now stand`,
    );
  }
  const items = [...new Set(recognised.flatMap((r) => r.items))];
  if (!items.length) return recognised;
  const list = sql`array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;
  // The ERP settles the invoice in full on its own (it brings the TDS or the difference too): ours go.
  await db.execute(sql`
    delete from allocations a using invoices i
    where a.client_id = ${clientId} and i.client_id = ${clientId} and i.sys_invoice_num = a.sys_invoice_num
      and a.sys_invoice_num = any(${list})
      and (a.payment_ref like 'BANK-%/TDS' or a.payment_ref like 'BANK-%/WO')
      and (select coalesce(sum(s.amount), 0) from settlements s where s.client_id = ${clientId}
             and s.sys_invoice_num = a.sys_invoice_num and s.payment_ref not like 'BANK-%')
        + (select coalesce(sum(p.amount), 0) from import_payments p
             where p.ok and p.kind = 'AGAINST' and p.sys_invoice_num = a.sys_invoice_num)
        + (select coalesce(sum(x.amount), 0) from import_allocations x where x.ok and x.sys_invoice_num = a.sys_invoice_num)
        >= i.amount`);
  await db.execute(sql`
    delete from receipts r where r.client_id = ${clientId}
      and (r.payment_ref like 'BANK-%/TDS' or r.payment_ref like 'BANK-%/WO')
      and not exists (select 1 from allocations a where a.client_id = ${clientId} and a.payment_ref = r.payment_ref)`);
  await refreshSettlement(db, clientId, sql`select unnest(${list}) as sys_invoice_num`);
  return recognised;
}
