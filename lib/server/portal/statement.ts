import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { format, parseISO, startOfMonth, subDays, subMonths } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  ACCOUNT_TYPES,
  type TAccountType,
  type TStatement,
  type TStatementDownloadQuery,
  type TStatementQuery,
} from '@/lib/contract/portal';
import { todayIso } from '@/lib/domain/dates';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { getClient } from '@/lib/server/clients/get-client';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { obligorCreditLimit, obligorInfo } from '@/lib/server/obligors/obligor-profile';
import { statementInterest } from '@/lib/server/msme/statement-interest';
import { ledgerPage } from './ledger';
import { balanceAt, openItemsPage, openItemsSummary, unallocatedAt } from './open-items';
import { boundariesOf } from '@/lib/domain/ageing';

/** Statement period by default: the start of the month three months back to today. */
export function defaultPeriod(today: string): { fromDate: string; toDate: string } {
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
 * The documents issued and the payments made in the period, as ledger entries (lib/server/portal/ledger.ts).
 * A payment counts from the later of its own date and its document's: the receivables page counts
 * an item from its issue date, so the statement's closing balance equals that page's balance. A
 * payment against a credit note (a refund) raises the balance again: its amount has the note's sign.
 * Both halves start from the family's documents (invoices_obligor), payments by payments_invoice.
 * Money received on account or in advance is a line of its own on its day; allocating it later to
 * a bill is no line (the balance, the net balance, does not move).
 */
export function statementEntriesSql(clientId: number, members: SQL, fromDate: string, toDate: string): SQL {
  const from = sql`${fromDate}::date`;
  const to = sql`${toDate}::date`;
  return sql`
    select i.issue_date as day, i.doc_type as kind, i.invoice_num as reference, i.sys_invoice_num as tie,
      null::text as against, i.due_date, i.amount
    from invoices i
    where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date between ${from} and ${to}
    union all
    select greatest(p.paid_date, i.issue_date), 'PAYMENT', p.payment_ref, p.payment_ref, i.invoice_num, null::date, -p.amount
    from invoices i join payments p on p.client_id = i.client_id and p.sys_invoice_num = i.sys_invoice_num
    where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date <= ${to}
      and p.paid_date <= ${to} and greatest(p.paid_date, i.issue_date) >= ${from}
    union all
    select r.paid_date, 'RECEIPT', r.payment_ref, r.payment_ref, null::text, null::date, -r.amount
    from receipts r
    where r.client_id = ${clientId} and r.sys_obligor_code in ${members} and r.paid_date between ${from} and ${to}`;
}

/** Who, which obligors, which period and what was owed before it: what the page and the download share. */
export async function statementBasis(db: Db, clientId: number, query: TStatementDownloadQuery, scope?: ObligorScope) {
  const code = query.sysObligorCode;
  // obligorInfo refuses (404) a customer outside the scope before any of its figures are read; the
  // client's own row is read beside it.
  const [info, client] = await Promise.all([obligorInfo(db, clientId, code, scope), getClient(db, clientId)]);
  const period = defaultPeriod(todayIso(new Date(), client.timeZone));
  const fromDate = query.fromDate ?? (query.toDate && query.toDate < period.fromDate ? query.toDate : period.fromDate);
  const toDate = query.toDate ?? period.toDate;
  const members = membersOf(clientId, code, scope);
  const dayBefore = format(subDays(parseISO(fromDate), 1), 'yyyy-MM-dd');
  // Three independent chains of reads, each a few round trips: side by side, the statement waits
  // for the longest instead of their sum.
  const [opening, credit, accountType] = await Promise.all([
    // One read on any date: the rollup, the ageing history or, when neither answers, the ledger.
    balanceAt(db, clientId, members, dayBefore),
    obligorCreditLimit(db, clientId, code, undefined, scope, info),
    accountTypeOf(db, clientId, code),
  ]);
  return {
    code,
    members,
    fromDate,
    toDate,
    opening,
    credit,
    boundaries: boundariesOf(client),
    customer: {
      sysObligorCode: code,
      name: info.name,
      isParent: info.isParent,
      city: info.city ?? null,
      accountType,
    },
    client: {
      name: client.name,
      currency: client.currency,
      locale: client.locale,
      code: client.code,
      upiVpa: client.upiVpa,
    },
  };
}

/**
 * GET /api/customerportal/statement: the opening balance, one page of the period's documents and
 * payments in date order with the running balance (brought forward from the pages before), the
 * closing balance (= the receivables net balance at the end date: open items plus `unallocated`
 * receipts), one page of the open items at the
 * end date with their ageing, the overdue and ageing totals of all of them, and the credit limit.
 */
export async function customerStatement(
  db: Db,
  clientId: number,
  query: TStatementQuery,
  scope?: ObligorScope,
): Promise<TStatement> {
  const basis = await statementBasis(db, clientId, query, scope);
  const { members, fromDate, toDate, opening, boundaries, credit } = basis;
  const [page, summary, items, unallocated, msmeInterest] = await Promise.all([
    ledgerPage(db, statementEntriesSql(clientId, members, fromDate, toDate), opening, query.offset, query.count),
    openItemsSummary(db, clientId, members, toDate, boundaries),
    openItemsPage(db, clientId, members, toDate, boundaries, query.itemsOffset, query.itemsCount),
    unallocatedAt(db, clientId, members, toDate),
    statementInterest(db, clientId, members, toDate),
  ]);
  const { debits, credits, closing, ...lines } = page;
  return {
    customer: basis.customer,
    client: { name: basis.client.name, currency: basis.client.currency },
    fromDate,
    toDate,
    opening,
    debits,
    credits,
    closing,
    unallocated,
    overdue: summary.overdue,
    lines,
    openItems: { page: query.itemsOffset, count: query.itemsCount, total: summary.count, rows: items },
    ageing: summary.ageing,
    creditLimit: credit.creditLimit,
    exposure: credit.exposure,
    available: credit.available,
    overLimit: credit.overLimit,
    msmeInterest,
  };
}

export async function accountTypeOf(db: Db, clientId: number, code: string): Promise<TAccountType> {
  const found = await queryRow(
    db,
    sql`select account_type as t from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`,
    row({ t: col.oneOf(ACCOUNT_TYPES) }),
  );
  return found?.t ?? 'POSTPAID';
}
