import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TCreditLimitBand, TCreditLimitRow, TCreditLimitsQuery } from '@/lib/contract/credit-limits';
import { CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { accountCreditLimitRows, familyAccountCounts, withLastLimitChange } from './account-credit-limits';
import { creditLimitColumns } from './credit-limit-sql';
import { familyFigures } from './family-figures';
import { ageingView } from '@/lib/server/receivables/ageing-view';

type Query = Omit<TCreditLimitsQuery, 'status' | 'sortBy' | 'order' | 'offset' | 'count'> & { scope?: ObligorScope };

/** A row of the view (a family, or an account in the family rows' columns: account-credit-limits.ts) in a page. */
const CreditLimitRaw = row({
  sysObligorCode: col.text,
  name: col.text,
  city: col.text.nullable(),
  dim1: col.text.nullable(),
  members: col.int,
  accounts: col.int,
  breachedAccounts: col.int,
  parentSysObligorCode: col.text.nullable(),
  parentName: col.text.nullable(),
  creditLimit: col.num.nullable(),
  exposure: col.num,
  available: col.num.nullable(),
  exactUtilisation: col.num.nullable(),
  status: col.oneOf(CREDIT_LIMIT_STATUSES),
  total: col.int,
});

/** An account's row with the latest change of its limit (withLastLimitChange). */
const AccountLimitRaw = CreditLimitRaw.extend({
  limitChangedOn: col.day.nullable(),
  previousLimit: col.num.nullable(),
});

const SORT: Record<TCreditLimitsQuery['sortBy'], SQL> = {
  name: sql`c.name`,
  creditLimit: sql`c."creditLimit"`,
  exposure: sql`c.exposure`,
  available: sql`c.available`,
  utilisation: sql`c."exactUtilisation"`,
};

/**
 * The rows of the view, as of a date, with their credit limit, exposure, available credit and
 * utilisation band (credit-limit-sql.ts, on lib/domain/credit-limit.ts's thresholds). Families are
 * the customer analysis figures (familyFigures), so that both screens agree; accounts are each
 * obligor's own limit against its own balance (account-credit-limits.ts).
 */
async function creditLimitRows(db: Db, clientId: number, query: Query): Promise<{ rows: SQL; asOf: string }> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const view = await ageingView(db, clientId, asOf);
  if (query.view === 'accounts') return { rows: accountCreditLimitRows(view, query), asOf };
  const families = familyFigures(view, { dim: query.dim, scope: query.scope });
  const search = query.search
    ? sql`where (f.name ilike ${`%${escapeLike(query.search)}%`} or f."sysObligorCode" ilike ${`%${escapeLike(query.search)}%`})`
    : sql``;
  const rows = sql`(select f."sysObligorCode", f.name, f.city, f.dim1, f.members, coalesce(ac.accounts, 0) as accounts,
      coalesce(ac.breached, 0) as "breachedAccounts",
      null::text as "parentSysObligorCode", null::text as "parentName",
      f."creditLimit", f.exposure, ${creditLimitColumns(sql`f.exposure`, sql`f."creditLimit"`)}
    from ${families} f left join ${familyAccountCounts(view, { dim: query.dim, scope: query.scope })} ac on ac.family = f."sysObligorCode" ${search})`;
  return { rows, asOf };
}

/** GET /v3/clients/credit_limits: families or accounts, filtered (band, dim1, search, family), sorted and paged in SQL. */
export async function listCreditLimits(
  db: Db,
  clientId: number,
  query: TCreditLimitsQuery & { scope?: ObligorScope },
): Promise<{ total: number; rows: TCreditLimitRow[] }> {
  const { rows, asOf } = await creditLimitRows(db, clientId, query);
  const where = query.status ? sql`where c.status = ${query.status}` : sql``;
  const direction = query.order === 'ASC' ? sql`asc` : sql`desc`;
  const orderBy = sql`${SORT[query.sortBy]} ${direction} nulls last, c."sysObligorCode"`;
  const page = sql`select c.*, count(*) over () as total from ${rows} c ${where}
    order by ${orderBy} limit ${query.count} offset ${(query.offset - 1) * query.count}`;
  const level = query.view === 'accounts' ? 'ACCOUNT' : 'FAMILY';
  const raw =
    level === 'ACCOUNT'
      ? await queryRows(db, withLastLimitChange(clientId, page, orderBy), AccountLimitRaw)
      : await queryRows(db, page, CreditLimitRaw);
  const total = raw.length
    ? raw[0]!.total
    : ((await queryRow(db, sql`select count(*) as n from ${rows} c ${where}`, row({ n: col.int })))?.n ?? 0);
  return { total, rows: raw.map((r) => toRow(r, asOf, level)) };
}

/** How many rows (and how much exposure) fall in each band, under the same view, dim1, search and family. */
export async function creditLimitBands(db: Db, clientId: number, query: Query): Promise<TCreditLimitBand[]> {
  const { rows } = await creditLimitRows(db, clientId, query);
  return queryRows(
    db,
    sql`
    select c.status, count(*)::int as customers, coalesce(sum(c.exposure), 0) as exposure from ${rows} c group by c.status`,
    row({ status: col.oneOf(CREDIT_LIMIT_STATUSES), customers: col.int, exposure: col.num }),
  ) satisfies Promise<TCreditLimitBand[]>;
}

function toRow(
  raw: z.output<typeof CreditLimitRaw> & Partial<z.output<typeof AccountLimitRaw>>,
  asOf: string,
  level: TCreditLimitRow['level'],
): TCreditLimitRow {
  const { exactUtilisation: utilisation, total: _total, limitChangedOn, previousLimit, ...figures } = raw;
  return {
    ...figures,
    level,
    utilisation: utilisation == null ? null : Math.round(utilisation * 10) / 10,
    date: asOf,
    lastChange: limitChangedOn ? { date: limitChangedOn, previousLimit: previousLimit ?? null } : null,
  };
}
