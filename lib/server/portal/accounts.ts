import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TAccountType } from '@/lib/contract/portal';
import { todayIso } from '@/lib/domain/dates';
import { runningBalance, type StatementEntry } from '@/lib/domain/statement';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { ApiError } from '@/lib/server/api/errors';
import { assertObligorVisible, scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { obligorCreditLimit, obligorInfo } from '@/lib/server/obligors/obligor-profile';
import { accountTypeOf, membersOf, openItemsAt } from './statement';

export const ACCOUNT_LIST_LIMIT = 50;
const UPCOMING_DAYS = 30;

/**
 * GET /api/customerportal/accounts: postpaid customers by what they owe (outstanding, overdue,
 * limit), or prepaid ones by their advance balance; 50 at most, narrowed by name or code.
 */
export async function listAccounts(db: Db, clientId: number, accountType: TAccountType, search: string | undefined, scope?: ObligorScope) {
  const today = todayIso();
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const like = search ? sql`and (o.name ilike ${`%${escapeLike(search)}%`} or o.sys_obligor_code ilike ${`%${escapeLike(search)}%`})` : sql``;
  // One grouped pass over the open items and the top-ups (not a lookup per customer): the lists
  // cover thousands of customers.
  // The advance is only worked out for the prepaid list (empty stand-ins keep one query shape).
  const advance = accountType === 'PREPAID'
    ? sql`topups as (
        select a.sys_obligor_code, sum(a.amount) as total, min(a.topup_date) as first, max(a.topup_date) as last
        from advance_topups a where a.client_id = ${clientId} group by a.sys_obligor_code),
      drawn as (
        select i.sys_obligor_code, sum(i.amount) as drawn from invoices i
        join topups t on t.sys_obligor_code = i.sys_obligor_code and i.issue_date >= t.first
        where i.client_id = ${clientId} group by i.sys_obligor_code)`
    : sql`topups as (select null::text as sys_obligor_code, null::numeric as total, null::date as first, null::date as last where false),
      drawn as (select null::text as sys_obligor_code, null::numeric as drawn where false)`;
  const rows = await queryRows<{ sysObligorCode: string; name: string; city: string | null; creditLimit: string | null; outstanding: string; overdue: string; advance: string | null; lastTopup: string | null }>(db, sql`
    with open_items as (
      select i.sys_obligor_code, sum(i.amount - i.paid_to_date) as outstanding,
        coalesce(sum(i.amount - i.paid_to_date) filter (where coalesce(i.due_date, i.issue_date) < ${today}), 0) as overdue
      from invoices i where i.client_id = ${clientId} and i.settled_date is null group by i.sys_obligor_code),
    ${advance}
    select o.sys_obligor_code as "sysObligorCode", o.name, o.city, o.credit_limit as "creditLimit",
      coalesce(b.outstanding, 0) as outstanding, coalesce(b.overdue, 0) as overdue,
      t.total - coalesce(d.drawn, 0) as advance, t.last::text as "lastTopup"
    from obligors o
    left join open_items b on b.sys_obligor_code = o.sys_obligor_code
    left join topups t on t.sys_obligor_code = o.sys_obligor_code
    left join drawn d on d.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and o.account_type = ${accountType} and ${inScope} ${like}
    order by ${accountType === 'PREPAID' ? sql`advance asc nulls last` : sql`outstanding desc`}, o.name
    limit ${ACCOUNT_LIST_LIMIT}`);
  return rows.map((r) => ({
    ...r, creditLimit: r.creditLimit == null ? null : Number(r.creditLimit), outstanding: Number(r.outstanding),
    overdue: Number(r.overdue), advance: r.advance == null ? null : Number(r.advance),
  }));
}

function assertType(actual: TAccountType, wanted: TAccountType) {
  if (actual !== wanted) {
    throw new ApiError('bad_request', `This customer has a ${actual.toLowerCase()} account`, { sysObligorCode: `not a ${wanted.toLowerCase()} account` });
  }
}

/** GET /api/customerportal/postpaid: billed on credit: open items by due date, what falls due soon, limit and headroom. */
export async function postpaidAccount(db: Db, clientId: number, code: string, scope?: ObligorScope) {
  await assertObligorVisible(db, clientId, scope, code);
  assertType(await accountTypeOf(db, clientId, code), 'POSTPAID');
  const today = todayIso();
  const info = await obligorInfo(db, clientId, code, scope);
  const items = await openItemsAt(db, clientId, membersOf(clientId, code, scope), today);
  const credit = await obligorCreditLimit(db, clientId, code, undefined, scope);
  const sum = (list: typeof items) => list.reduce((s, i) => s + Math.round(i.outstanding * 100), 0) / 100;
  const upcoming = items.filter((i) => i.daysPastDue <= 0 && i.daysPastDue > -UPCOMING_DAYS);
  return {
    customer: { sysObligorCode: code, name: info.name, city: info.city ?? null, isParent: info.isParent },
    date: today,
    outstanding: sum(items), overdue: sum(items.filter((i) => i.daysPastDue > 0)), dueSoon: sum(upcoming), upcomingDays: UPCOMING_DAYS,
    creditLimit: credit.creditLimit, available: credit.available, overLimit: credit.overLimit,
    // Soonest due first: what the customer has to pay next.
    items: [...items].sort((a, b) => (a.dueDate ?? a.issueDate).localeCompare(b.dueDate ?? b.issueDate)),
  };
}

/**
 * GET /api/customerportal/prepaid: the advance account: top-ups in, the documents issued since the
 * first top-up drawn from it (credit notes give back), with the running advance balance.
 */
export async function prepaidAccount(db: Db, clientId: number, code: string, scope?: ObligorScope) {
  await assertObligorVisible(db, clientId, scope, code);
  assertType(await accountTypeOf(db, clientId, code), 'PREPAID');
  const info = await obligorInfo(db, clientId, code, scope);
  const members = membersOf(clientId, code, scope);
  const topups = await queryRows<{ date: string; reference: string; amount: string }>(db, sql`
    select a.topup_date::text as date, a.reference, a.amount from advance_topups a
    where a.client_id = ${clientId} and a.sys_obligor_code in ${members}`);
  const first = topups.map((t) => t.date).sort()[0];
  const drawn = first ? await queryRows<{ date: string; kind: StatementEntry['kind']; reference: string; amount: string }>(db, sql`
    select i.issue_date::text as date, i.doc_type as kind, i.invoice_num as reference, i.amount from invoices i
    where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date >= ${first}`) : [];
  const entries: StatementEntry[] = [
    ...topups.map((t) => ({ date: t.date, kind: 'TOPUP' as const, reference: t.reference, amount: Number(t.amount) })),
    // An invoice draws the advance down; a credit note (negative) puts money back.
    ...drawn.map((d) => ({ date: d.date, kind: d.kind, reference: d.reference, amount: -Number(d.amount) })),
  ];
  const { lines, closing, debits, credits } = runningBalance(0, entries);
  return {
    customer: { sysObligorCode: code, name: info.name, city: info.city ?? null, isParent: info.isParent },
    date: todayIso(), since: first ?? null,
    toppedUp: debits, drawn: credits, advance: closing,
    lastTopup: topups.length ? (({ date, amount }) => ({ date, amount: Number(amount) }))(topups.reduce((a, b) => (a.date > b.date ? a : b))) : null,
    lines,
  };
}
