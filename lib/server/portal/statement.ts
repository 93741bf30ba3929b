import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { format, parseISO, startOfMonth, subDays, subMonths } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TOpenItem, TStatementQuery } from '@/lib/contract/portal';
import { bucketLabels, creditBucket, daysBetween } from '@/lib/domain/ageing';
import { todayIso } from '@/lib/domain/dates';
import { runningBalance, type StatementEntry } from '@/lib/domain/statement';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { getClient } from '@/lib/server/clients/get-client';
import { assertObligorVisible, scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { obligorCreditLimit, obligorInfo } from '@/lib/server/obligors/obligor-profile';

/** Statement period by default: the start of the month three months back to today. */
export function defaultPeriod(today = todayIso()): { fromDate: string; toDate: string } {
  return { fromDate: format(startOfMonth(subMonths(parseISO(today), 3)), 'yyyy-MM-dd'), toDate: today };
}

/**
 * The obligors a statement covers: the customer, and every member of its family when it is a
 * parent (as its row on the receivables page), within the user's scope.
 */
export function membersOf(clientId: number, code: string, scope: ObligorScope | undefined): SQL {
  const inScope = scopeCondition(clientId, scope, sql`m.sys_obligor_code`) ?? sql`true`;
  return sql`(select m.sys_obligor_code from obligors m where m.client_id = ${clientId}
    and (m.sys_obligor_code = ${code} or m.parent_sys_obligor_code = ${code}) and ${inScope})`;
}

/**
 * A payment counts from the later of its own date and its document's: the receivables page counts
 * an item from its issue date, so the statement's closing balance equals that page's balance.
 */
const paymentDay = sql`greatest(p.paid_date, i.issue_date)`;

/** What the customer owed at the end of `day`: items issued by then less payments by then. */
export async function balanceAt(db: Db, clientId: number, members: SQL, day: string): Promise<number> {
  const [row] = await queryRows<{ balance: string | null }>(db, sql`
    select (select coalesce(sum(i.amount), 0) from invoices i
        where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date <= ${day})
      - (select coalesce(sum(p.amount), 0) from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
        where p.client_id = ${clientId} and i.sys_obligor_code in ${members} and ${paymentDay} <= ${day}) as balance`);
  return Number(row?.balance ?? 0);
}

/** Documents issued and payments made in the period, as statement entries. */
async function movements(db: Db, clientId: number, members: SQL, fromDate: string, toDate: string): Promise<StatementEntry[]> {
  const docs = await queryRows<{ date: string; kind: StatementEntry['kind']; reference: string; dueDate: string | null; amount: string }>(db, sql`
    select i.issue_date::text as date, i.doc_type as kind, i.invoice_num as reference, i.due_date::text as "dueDate", i.amount
    from invoices i where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date between ${fromDate} and ${toDate}`);
  const pays = await queryRows<{ date: string; reference: string; against: string; amount: string }>(db, sql`
    select ${paymentDay}::text as date, p.payment_ref as reference, i.invoice_num as against, p.amount
    from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
    where p.client_id = ${clientId} and i.sys_obligor_code in ${members} and ${paymentDay} between ${fromDate} and ${toDate}`);
  return [
    ...docs.map((d) => ({ date: d.date, kind: d.kind, reference: d.reference, dueDate: d.dueDate, amount: Number(d.amount) })),
    // A payment against a credit note (a refund) raises the balance again: its amount has the note's sign.
    ...pays.map((p) => ({ date: p.date, kind: 'PAYMENT' as const, reference: p.reference, against: p.against, amount: -Number(p.amount) })),
  ];
}

/** Items still open at the end of `day`, most overdue first, with days past due and the ageing bucket. */
export async function openItemsAt(db: Db, clientId: number, members: SQL, day: string): Promise<TOpenItem[]> {
  const client = await getClient(db, clientId);
  const boundaries = { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 };
  const labels = bucketLabels(boundaries, 'CREDIT_DATE');
  const rows = await queryRows<{ sysInvoiceNum: string; invoiceNum: string; docType: TOpenItem['docType']; sysObligorCode: string; issueDate: string; dueDate: string | null; amount: string; outstanding: string }>(db, sql`
    select i.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum", i.doc_type as "docType", i.sys_obligor_code as "sysObligorCode",
      i.issue_date::text as "issueDate", i.due_date::text as "dueDate", i.amount,
      i.amount - coalesce((select sum(p.amount) from payments p where p.client_id = i.client_id and p.sys_invoice_num = i.sys_invoice_num
        and ${paymentDay} <= ${day}), 0) as outstanding
    from invoices i
    where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date <= ${day}
      and (i.settled_date is null or i.settled_date > ${day})`);
  return rows.map((r) => {
    const daysPastDue = daysBetween(r.dueDate ?? r.issueDate, day);
    const bucket = creditBucket(daysPastDue, boundaries);
    return { ...r, amount: Number(r.amount), outstanding: Number(r.outstanding), daysPastDue,
      bucket: bucket === 'current' ? 'Not yet due' : `${labels[bucket]} days` };
  }).filter((r) => r.outstanding !== 0)
    .sort((a, b) => b.daysPastDue - a.daysPastDue || a.invoiceNum.localeCompare(b.invoiceNum));
}

/**
 * GET /api/customerportal/statement: opening balance, every document and payment of the period in
 * date order with the running balance, closing balance (= the receivables balance at the end date),
 * open items with ageing, and the credit limit with what is available.
 */
export async function customerStatement(db: Db, clientId: number, query: TStatementQuery, scope?: ObligorScope) {
  const code = query.sysObligorCode;
  await assertObligorVisible(db, clientId, scope, code);
  const period = defaultPeriod();
  const fromDate = query.fromDate ?? (query.toDate && query.toDate < period.fromDate ? query.toDate : period.fromDate);
  const toDate = query.toDate ?? period.toDate;
  const members = membersOf(clientId, code, scope);
  const client = await getClient(db, clientId);
  const info = await obligorInfo(db, clientId, code, scope);
  const opening = await balanceAt(db, clientId, members, format(subDays(parseISO(fromDate), 1), 'yyyy-MM-dd'));
  const { lines, closing, debits, credits } = runningBalance(opening, await movements(db, clientId, members, fromDate, toDate));
  const openItems = await openItemsAt(db, clientId, members, toDate);
  const credit = await obligorCreditLimit(db, clientId, code, undefined, scope);
  const overdue = openItems.filter((i) => i.daysPastDue > 0).reduce((s, i) => s + Math.round(i.outstanding * 100), 0) / 100;
  const ageing = new Map<string, number>();
  for (const item of openItems) ageing.set(item.bucket, Math.round(((ageing.get(item.bucket) ?? 0) + item.outstanding) * 100) / 100);
  return {
    customer: { sysObligorCode: code, name: info.name, isParent: info.isParent, city: info.city ?? null,
      accountType: await accountTypeOf(db, clientId, code) },
    client: { name: client.name, currency: client.currency },
    fromDate, toDate, opening, debits, credits, closing, overdue,
    lines,
    openItems,
    ageing: [...ageing.entries()].map(([bucket, amount]) => ({ bucket, amount })),
    creditLimit: credit.creditLimit, exposure: credit.exposure, available: credit.available, overLimit: credit.overLimit,
  };
}

export async function accountTypeOf(db: Db, clientId: number, code: string): Promise<'POSTPAID' | 'PREPAID'> {
  const [row] = await queryRows<{ t: 'POSTPAID' | 'PREPAID' }>(db, sql`select account_type as t from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`);
  return row?.t ?? 'POSTPAID';
}

export type CustomerStatement = Awaited<ReturnType<typeof customerStatement>>;
