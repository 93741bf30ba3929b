import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  ACCOUNT_LIST_LIMIT,
  type TAccountQuery,
  type TAccountRow,
  type TAccountType,
  type TPostpaidAccount,
  type TPrepaidAccount,
} from '@/lib/contract/portal';
import { clientToday, todayOf } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { getClient } from '@/lib/server/clients/get-client';
import { ageingSource } from '@/lib/server/receivables/ageing-query';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { invalid } from '@/lib/server/domain-errors';
import { assertObligorVisible, scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { obligorCreditLimit, obligorInfo } from '@/lib/server/obligors/obligor-profile';
import { ledgerPage } from './ledger';
import { openItemsPage, openItemsSummary } from './open-items';
import { accountTypeOf, membersOf } from './statement';
import { boundariesOf } from '@/lib/domain/ageing';
import { ageingView } from '@/lib/server/receivables/ageing-view';

const UPCOMING_DAYS = 30;

const AccountRow = row({
  sysObligorCode: col.text,
  name: col.text,
  city: col.text.nullable(),
  creditLimit: col.num.nullable(),
  outstanding: col.num,
  overdue: col.num,
  advance: col.num.nullable(),
  lastTopup: col.day.nullable(),
}) satisfies z.ZodType<TAccountRow, unknown>;

/** How many of today's largest balances the postpaid list reads before it looks at the customers. */
const DEBTORS_READ = 500;

/**
 * The postpaid list of the whole client from today's largest balances alone: the rollup's top
 * DEBTORS_READ rows by outstanding, then their customers (postpaid ones kept, by name among equals).
 * Exact when the last listed balance is above every balance left unread (the smallest one read, or
 * 0 for a customer without a rollup row): then no customer unread can enter the list or tie with
 * its last row. Null otherwise (a client whose largest debtors are mostly prepaid, say), and the
 * caller sorts every customer.
 */
async function largestDebtors(db: Db, clientId: number, ageing: SQL): Promise<TAccountRow[] | null> {
  const found = await queryRows(
    db,
    sql`
    with top as (
      select r.sys_obligor_code, r.outstanding, r.overdue from ${ageing}
      order by r.outstanding desc limit ${DEBTORS_READ}
    )
    select o.sys_obligor_code as "sysObligorCode", o.name, o.city, o.credit_limit as "creditLimit",
      r.outstanding, r.overdue, null as advance, null as "lastTopup",
      (select min(outstanding) from top) as bound, (select count(*) from top)::int as read
    from top r
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code
    where o.account_type = 'POSTPAID'
    order by r.outstanding desc, o.name
    limit ${ACCOUNT_LIST_LIMIT}`,
    AccountRow.extend({ bound: col.num.nullable(), read: col.int }),
  );
  const last = found.at(-1);
  if (!last || found.length < ACCOUNT_LIST_LIMIT) return null;
  const unread = Math.max(last.read === DEBTORS_READ ? Number(last.bound) : 0, 0);
  if (!(last.outstanding > unread)) return null;
  return found.map(({ bound: _bound, read: _read, ...row }) => row);
}

/**
 * GET /api/customerportal/accounts: postpaid customers by what they owe (outstanding, overdue,
 * limit), or prepaid ones by their advance balance; 50 at most, narrowed by name or code.
 */
export async function listAccounts(
  db: Db,
  clientId: number,
  accountType: TAccountType,
  search: string | undefined,
  scope?: ObligorScope,
): Promise<TAccountRow[]> {
  const today = await clientToday(db, clientId);
  // Today's outstanding and overdue per customer: the ageing rollup of today (the receivables
  // page's figures), one indexed read instead of grouping every open item of the client.
  const view = await ageingView(db, clientId, today);
  const ageing = ageingSource(view);
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const like = search
    ? sql`and (o.name ilike ${`%${escapeLike(search)}%`} or o.sys_obligor_code ilike ${`%${escapeLike(search)}%`})`
    : sql``;
  // The advance is only worked out for the prepaid list, grouped once over the prepaid customers'
  // top-ups and documents (empty stand-ins keep one query shape for the postpaid list).
  const advance =
    accountType === 'PREPAID'
      ? sql`topups as (
        select a.sys_obligor_code, sum(a.amount) as total, min(a.topup_date) as first, max(a.topup_date) as last
        from advance_topups a where a.client_id = ${clientId} group by a.sys_obligor_code),
      drawn as (
        select i.sys_obligor_code, sum(i.amount) as drawn from invoices i
        join topups t on t.sys_obligor_code = i.sys_obligor_code and i.issue_date >= t.first
        where i.client_id = ${clientId} group by i.sys_obligor_code)`
      : sql`topups as (select null::text as sys_obligor_code, null::numeric as total, null::date as first, null::date as last where false),
      drawn as (select null::text as sys_obligor_code, null::numeric as drawn where false)`;
  return (
    (view.hasRollups && accountType === 'POSTPAID' && !search && (scope?.kind ?? 'ALL') === 'ALL'
      ? await largestDebtors(db, clientId, ageing)
      : null) ??
    (await queryRows(
      db,
      sql`
    with ${advance}
    select o.sys_obligor_code as "sysObligorCode", o.name, o.city, o.credit_limit as "creditLimit",
      coalesce(r.outstanding, 0) as outstanding, coalesce(r.overdue, 0) as overdue,
      t.total - coalesce(d.drawn, 0) as advance, t.last::text as "lastTopup"
    from obligors o
    left join ${ageing} on r.sys_obligor_code = o.sys_obligor_code
    left join topups t on t.sys_obligor_code = o.sys_obligor_code
    left join drawn d on d.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and o.account_type = ${accountType} and ${inScope} ${like}
    order by ${accountType === 'PREPAID' ? sql`advance asc nulls last` : sql`outstanding desc`}, o.name
    limit ${ACCOUNT_LIST_LIMIT}`,
      AccountRow,
    ))
  );
}

function assertType(actual: TAccountType, wanted: TAccountType) {
  if (actual !== wanted) {
    throw invalid(`This customer has a ${actual.toLowerCase()} account`, {
      sysObligorCode: `not a ${wanted.toLowerCase()} account`,
    });
  }
}

/**
 * GET /api/customerportal/postpaid: billed on credit: what is owed, overdue and falling due soon,
 * the limit and headroom, and a page of the open bills in the order they fall due (overdue first).
 */
export async function postpaidAccount(
  db: Db,
  clientId: number,
  query: TAccountQuery,
  scope?: ObligorScope,
): Promise<TPostpaidAccount> {
  const code = query.sysObligorCode;
  await assertObligorVisible(db, clientId, scope, code);
  assertType(await accountTypeOf(db, clientId, code), 'POSTPAID');
  // Independent reads side by side, once the account is known to be visible and postpaid.
  const [client, info] = await Promise.all([getClient(db, clientId), obligorInfo(db, clientId, code, scope)]);
  const today = todayOf(client);
  const boundaries = boundariesOf(client);
  const members = membersOf(clientId, code, scope);
  const [summary, rows, credit] = await Promise.all([
    openItemsSummary(db, clientId, members, today, boundaries),
    openItemsPage(db, clientId, members, today, boundaries, query.offset, query.count),
    obligorCreditLimit(db, clientId, code, undefined, scope, info),
  ]);
  return {
    customer: { sysObligorCode: code, name: info.name, city: info.city ?? null, isParent: info.isParent },
    date: today,
    outstanding: summary.outstanding,
    overdue: summary.overdue,
    dueSoon: summary.dueWithin(UPCOMING_DAYS),
    upcomingDays: UPCOMING_DAYS,
    creditLimit: credit.creditLimit,
    available: credit.available,
    overLimit: credit.overLimit,
    items: { page: query.offset, count: query.count, total: summary.count, rows },
  };
}

/**
 * The advance account as ledger entries: top-ups in; the documents issued since the first top-up
 * drawn from it (an invoice takes, a credit note gives back).
 */
function advanceEntriesSql(clientId: number, members: SQL): SQL {
  return sql`
    select a.topup_date as day, 'TOPUP' as kind, a.reference, a.id::text as tie, null::text as against, null::date as due_date, a.amount
    from advance_topups a where a.client_id = ${clientId} and a.sys_obligor_code in ${members}
    union all
    select i.issue_date, i.doc_type, i.invoice_num, i.sys_invoice_num, null::text, null::date, -i.amount
    from invoices i where i.client_id = ${clientId} and i.sys_obligor_code in ${members}
      and i.issue_date >= (select min(f.topup_date) from advance_topups f where f.client_id = ${clientId} and f.sys_obligor_code in ${members})`;
}

/**
 * GET /api/customerportal/prepaid: the advance account: top-ups in, the documents issued since the
 * first top-up drawn from it (credit notes give back), a page of its lines with the running advance balance.
 */
export async function prepaidAccount(
  db: Db,
  clientId: number,
  query: TAccountQuery,
  scope?: ObligorScope,
): Promise<TPrepaidAccount> {
  const code = query.sysObligorCode;
  await assertObligorVisible(db, clientId, scope, code);
  assertType(await accountTypeOf(db, clientId, code), 'PREPAID');
  const info = await obligorInfo(db, clientId, code, scope);
  const members = membersOf(clientId, code, scope);
  const page = await ledgerPage(db, advanceEntriesSql(clientId, members), 0, query.offset, query.count);
  const topups = await queryRow(
    db,
    sql`
    select (select min(a.topup_date)::text from advance_topups a where a.client_id = ${clientId} and a.sys_obligor_code in ${members}) as first,
      l.topup_date::text as "lastDate", l.amount as "lastAmount"
    from (select 1) one left join lateral (select a.topup_date, a.amount from advance_topups a
      where a.client_id = ${clientId} and a.sys_obligor_code in ${members} order by a.topup_date desc, a.id desc limit 1) l on true`,
    row({ first: col.day.nullable(), lastDate: col.day.nullable(), lastAmount: col.num.nullable() }),
  );
  const { debits, credits, closing, ...lines } = page;
  return {
    customer: { sysObligorCode: code, name: info.name, city: info.city ?? null, isParent: info.isParent },
    date: await clientToday(db, clientId),
    since: topups?.first ?? null,
    toppedUp: debits,
    drawn: credits,
    advance: closing,
    lastTopup: topups?.lastDate ? { date: topups.lastDate, amount: Number(topups.lastAmount) } : null,
    lines,
  };
}
