import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TMsmeInterest, TMsmeInterestInvoice } from '@/lib/contract/msme';
import {
  interestApplies,
  msmedInterest,
  statutoryDueDate,
  type BankRate,
  type InterestMonth,
} from '@/lib/domain/msmed-interest';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorVisible, type ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { DUE_DAYS_SQL, INTEREST_DEBT, settlementsJson } from './item-interest';
import { clientBankRates, getMsmeSettings, getMsmeTerms } from './msme-settings';

const Item = row({
  code: col.text,
  num: col.text,
  invoiceNum: col.text,
  issueDate: col.day,
  amount: col.num,
  days: col.int.nullable(),
  payments: col.json(row({ date: col.day, amount: col.num }).array().nullable()),
});

export interface InvoiceInterest extends TMsmeInterestInvoice {
  sysObligorCode: string;
  amount: number;
  months: InterestMonth[];
  /** The payments, receipts allocated to it and credit notes that lowered it, to the date asked. */
  payments: { date: string; amount: number }[];
}

/**
 * Every debt of the accounts `whose` picks (alias `i`) that may owe s16 interest on `date`: issued
 * by then, of a customer not opted out, and not settled on or before its statutory due date (the
 * customer's agreed days, msme_terms `t`). What settled it by `date` lowers its principal
 * (item-interest.ts settlementsJson).
 */
export async function interestCandidates(db: Db, clientId: number, whose: SQL, date: string) {
  return queryRows(
    db,
    sql`
    select i.sys_obligor_code as code, i.sys_invoice_num as num, i.invoice_num as "invoiceNum",
      i.issue_date::text as "issueDate", i.amount, t.agreed_credit_days as days,
      ${settlementsJson(clientId, date)} as payments
    from invoices i
    left join msme_terms t on t.client_id = i.client_id and t.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and ${whose} and ${INTEREST_DEBT} and i.issue_date <= ${date}::date
      and not coalesce(t.opt_out, false)
      and coalesce(i.settled_date, 'infinity'::date) > i.issue_date + ${DUE_DAYS_SQL}::int
    order by i.issue_date, i.sys_invoice_num`,
    Item,
  );
}

/**
 * The interest of each candidate debt, worked out by lib/domain/msmed-interest.ts, leaving out
 * those that owe none (paid in time, or not yet past the due date).
 */
export function invoiceInterest(
  items: z.output<typeof Item>[],
  date: string,
  rates: readonly BankRate[],
): InvoiceInterest[] {
  const out: InvoiceInterest[] = [];
  for (const item of items) {
    const due = statutoryDueDate(item.issueDate, item.days);
    const r = msmedInterest({ amount: item.amount, dueDate: due, payments: item.payments ?? [], asOf: date, rates });
    if (r.interest <= 0 && (r.principalOutstanding <= 0 || date <= due)) continue;
    out.push({
      sysObligorCode: item.code,
      sysInvoiceNum: item.num,
      invoiceNum: item.invoiceNum,
      acceptanceDate: item.issueDate,
      statutoryDueDate: due,
      daysBeyond: r.daysBeyond,
      principalOutstanding: r.principalOutstanding,
      interest: r.interest,
      amount: item.amount,
      months: r.months,
      payments: [...(item.payments ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
    });
  }
  return out;
}

/** A total of rupee amounts, to the paisa. */
export const totalOf = (lines: readonly { interest: number }[]) =>
  Math.round(lines.reduce((s, i) => s + i.interest * 100, 0)) / 100;

/** Why no interest is claimed from a customer, or null when it is. */
function notClaimed(category: string | null, optOut: boolean): string | null {
  if (!interestApplies(category as 'MICRO' | null))
    return category === 'MEDIUM'
      ? 'MSMED interest is owed to micro and small enterprises only'
      : 'Set the Udyam registration and category (micro or small) in the MSME settings';
  if (optOut) return 'This customer is opted out of MSMED interest';
  return null;
}

/** The working of one customer's interest, with each invoice's months (the case file reads it). */
export async function customerInterestDetail(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  code: string,
  date?: string,
): Promise<Omit<TMsmeInterest, 'invoices'> & { invoices: InvoiceInterest[] }> {
  await assertObligorVisible(db, clientId, scope, code);
  const day = date ?? (await clientToday(db, clientId));
  const [settings, terms, { rates }] = await Promise.all([
    getMsmeSettings(db, clientId),
    getMsmeTerms(db, clientId, code),
    clientBankRates(db, clientId),
  ]);
  const reason = notClaimed(settings.category, terms.optOut);
  const base = { sysObligorCode: code, date: day, agreedCreditDays: terms.agreedCreditDays, optOut: terms.optOut };
  if (reason) return { ...base, applies: false, reason, totalInterest: 0, invoices: [] };
  const invoices = invoiceInterest(
    await interestCandidates(db, clientId, sql`i.sys_obligor_code = ${code}`, day),
    day,
    rates,
  );
  const totalInterest = totalOf(invoices);
  return { ...base, applies: true, reason: null, totalInterest, invoices };
}

/** GET /msme/interest. */
export async function customerInterest(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  query: { sysObligorCode: string; date?: string },
): Promise<TMsmeInterest> {
  const detail = await customerInterestDetail(db, clientId, scope, query.sysObligorCode, query.date);
  return {
    ...detail,
    invoices: detail.invoices.map(
      ({
        sysInvoiceNum,
        invoiceNum,
        acceptanceDate,
        statutoryDueDate,
        daysBeyond,
        principalOutstanding,
        interest,
      }) => ({
        sysInvoiceNum,
        invoiceNum,
        acceptanceDate,
        statutoryDueDate,
        daysBeyond,
        principalOutstanding,
        interest,
      }),
    ),
  };
}
