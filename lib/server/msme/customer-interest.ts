import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TMsmeInterest, TMsmeInterestInvoice } from '@/lib/contract/msme';
import {
  interestApplies,
  msmedInterest,
  MSMED_DEFAULT_DAYS,
  MSMED_MAX_AGREED_DAYS,
  statutoryDueDate,
  type BankRate,
  type InterestMonth,
} from '@/lib/domain/msmed-interest';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorVisible, type ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { clientBankRates, getMsmeSettings, getMsmeTerms } from './msme-settings';

const Item = row({
  num: col.text,
  invoiceNum: col.text,
  issueDate: col.day,
  amount: col.num,
  payments: col.json(row({ date: col.day, amount: col.num }).array().nullable()),
});

export interface InvoiceInterest extends TMsmeInterestInvoice {
  amount: number;
  months: InterestMonth[];
  /** The payments and credit notes that lowered it, to the date asked. */
  payments: { date: string; amount: number }[];
}

/**
 * Every debt of one account that may owe s16 interest on `date`: issued by then, and not settled on
 * or before its statutory due date. Its payments dated up to `date` and the
 * credit notes raised against it (from their issue date) lower its principal. `dueDays`: the
 * customer's days from acceptance to the statutory due date.
 */
async function interestCandidates(db: Db, clientId: number, code: string, date: string, dueDays: number) {
  return queryRows(
    db,
    sql`
    select i.sys_invoice_num as num, i.invoice_num as "invoiceNum", i.issue_date::text as "issueDate", i.amount,
      (select json_agg(json_build_object('date', x.d, 'amount', x.a)) from (
        select p.paid_date::text as d, p.amount as a from payments p
        where p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num and p.paid_date <= ${date}::date
        union all
        select n.issue_date::text, -n.amount from invoices n
        where n.client_id = ${clientId} and n.against_sys_invoice_num = i.sys_invoice_num
          and n.doc_type = 'CREDIT_NOTE' and n.issue_date <= ${date}::date) x) as payments
    from invoices i
    where i.client_id = ${clientId} and i.sys_obligor_code = ${code} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
      and i.against_sys_invoice_num is null and i.amount > 0 and i.issue_date <= ${date}::date
      and coalesce(i.settled_date, 'infinity'::date) > i.issue_date + ${dueDays}::int
    order by i.issue_date, i.sys_invoice_num`,
    Item,
  );
}

const dueDays = (agreed: number | null) =>
  agreed === null ? MSMED_DEFAULT_DAYS : Math.min(Math.max(0, agreed), MSMED_MAX_AGREED_DAYS);

/** The interest of each candidate debt, worked out by lib/domain/msmed-interest.ts. */
export function invoiceInterest(
  items: {
    num: string;
    invoiceNum: string;
    issueDate: string;
    amount: number;
    payments: { date: string; amount: number }[] | null;
  }[],
  agreedDays: number | null,
  date: string,
  rates: readonly BankRate[],
): InvoiceInterest[] {
  const out: InvoiceInterest[] = [];
  for (const item of items) {
    const due = statutoryDueDate(item.issueDate, agreedDays);
    const r = msmedInterest({ amount: item.amount, dueDate: due, payments: item.payments ?? [], asOf: date, rates });
    if (r.interest <= 0 && (r.principalOutstanding <= 0 || date <= due)) continue;
    out.push({
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
    await interestCandidates(db, clientId, code, day, dueDays(terms.agreedCreditDays)),
    terms.agreedCreditDays,
    day,
    rates,
  );
  const totalInterest = Math.round(invoices.reduce((s, i) => s + i.interest * 100, 0)) / 100;
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
