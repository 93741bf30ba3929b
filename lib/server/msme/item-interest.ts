import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  interestApplies,
  msmedInterest,
  MSMED_DEFAULT_DAYS,
  MSMED_MAX_AGREED_DAYS,
  statutoryDueDate,
  type BankRate,
} from '@/lib/domain/msmed-interest';
import { DEFAULT_BANK_RATES } from '@/lib/domain/bank-rates';

/**
 * What lowers a debt's principal for s16 (alias `i` on invoices), dated up to `date`, as a JSON
 * array of {date, amount}: everything that settles it (payments, receipts allocated to it, credit
 * notes against it, as the settlements view has them) except a debit note against it, which is a
 * supply of its own. One definition for the customer's interest, the open-invoice list and the
 * statement.
 */
export function settlementsJson(clientId: number, date: string): SQL {
  return sql`(select json_agg(json_build_object('date', s.paid_date::text, 'amount', s.amount))
    from settlements s where s.client_id = ${clientId} and s.sys_invoice_num = i.sys_invoice_num
      and s.paid_date <= ${date}::date and not (s.source = 'NOTE' and s.amount < 0))`;
}

/** The debts s16 interest can run on (alias `i`): not credit notes, not notes against an invoice. */
export const INTEREST_DEBT = sql`i.doc_type <> 'CREDIT_NOTE' and i.against_sys_invoice_num is null and i.amount > 0`;

/** A customer's days from acceptance to the statutory due date, in SQL (alias `t` on msme_terms). */
export const DUE_DAYS_SQL = sql`least(greatest(coalesce(t.agreed_credit_days, ${MSMED_DEFAULT_DAYS}), 0), ${MSMED_MAX_AGREED_DAYS})`;

export interface MsmeClaim {
  rates: BankRate[];
  /** The client states the interest on its statements of account. */
  addToStatements: boolean;
}

/**
 * The client's claim when it has one (a micro or small enterprise, MSMED s2(n)), else null: one
 * small read by primary key, so that a list whose client claims nothing pays next to nothing.
 */
export async function msmeClaim(db: Db, clientId: number): Promise<MsmeClaim | null> {
  // One round trip: the settings with the client's own Bank Rate rows (none: the product's table).
  const s = await queryRow(
    db,
    sql`select m.category, m.add_interest_to_statements as "toStatements",
      (select json_agg(json_build_object('effectiveFrom', b.effective_from::text, 'ratePercent', b.rate_percent)
        order by b.effective_from) from bank_rates b where b.client_id = m.client_id) as rates
    from msme_settings m where m.client_id = ${clientId}`,
    row({
      category: col.text.nullable(),
      toStatements: col.bool,
      rates: col.json(row({ effectiveFrom: col.day, ratePercent: col.num }).array().nullable()),
    }),
  );
  if (!s || !interestApplies(s.category as 'MICRO' | null)) return null;
  return { rates: s.rates ?? DEFAULT_BANK_RATES.map((r) => ({ ...r })), addToStatements: s.toStatements };
}

/** One open item's s16 figures (the open-invoice list's columns). */
export interface ItemInterest {
  statutoryDueDate: string;
  daysBeyond: number;
  interest: number;
}

const ItemFacts = row({
  num: col.text,
  issueDate: col.day,
  amount: col.num,
  days: col.int.nullable(),
  payments: col.json(row({ date: col.day, amount: col.num }).array().nullable()),
});

/**
 * The s16 figures of the given items at `date`, by system number: debts only, of customers not
 * opted out. It reads those items alone (by key: the primary key, then payments_invoice,
 * allocations_invoice and invoices_against per item), so a page of a list costs a page's reads
 * whatever the ledger's size. An item not yet past its statutory due date has its date, 0 days
 * and no interest.
 */
export async function itemsInterest(
  db: Db,
  clientId: number,
  claim: MsmeClaim,
  sysInvoiceNums: readonly string[],
  date: string,
): Promise<Map<string, ItemInterest>> {
  const out = new Map<string, ItemInterest>();
  if (!sysInvoiceNums.length) return out;
  const nums = sql`array[${sql.join(
    sysInvoiceNums.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  const facts = await queryRows(
    db,
    sql`select i.sys_invoice_num as num, i.issue_date::text as "issueDate", i.amount, t.agreed_credit_days as days,
      ${settlementsJson(clientId, date)} as payments
    from invoices i
    left join msme_terms t on t.client_id = i.client_id and t.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and i.sys_invoice_num = any(${nums}) and ${INTEREST_DEBT}
      and i.issue_date <= ${date}::date and not coalesce(t.opt_out, false)`,
    ItemFacts,
  );
  for (const f of facts) {
    const due = statutoryDueDate(f.issueDate, f.days);
    const r = msmedInterest({
      amount: f.amount,
      dueDate: due,
      payments: f.payments ?? [],
      asOf: date,
      rates: claim.rates,
    });
    out.set(f.num, { statutoryDueDate: due, daysBeyond: r.daysBeyond, interest: r.interest });
  }
  return out;
}
