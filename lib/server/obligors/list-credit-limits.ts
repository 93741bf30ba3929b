import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TCreditLimitBand, TCreditLimitRow, TCreditLimitsQuery } from '@/lib/contract/credit-limits';
import type { CreditLimitStatus } from '@/lib/domain/credit-limit';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { accountCreditLimitRows, familyAccountCounts, withLastLimitChange } from './account-credit-limits';
import { creditLimitColumns } from './credit-limit-sql';
import { familyFigures } from './family-figures';
import { ageingView } from '@/lib/server/receivables/ageing-view';

type Query = Omit<TCreditLimitsQuery, 'status' | 'sortBy' | 'order' | 'offset' | 'count'> & { scope?: ObligorScope };

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
  const raw = await queryRows<Record<string, unknown>>(
    db,
    level === 'ACCOUNT' ? withLastLimitChange(clientId, page, orderBy) : page,
  );
  const total = raw.length
    ? Number(raw[0]!.total)
    : Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from ${rows} c ${where}`))[0]?.n ?? 0);
  return { total, rows: raw.map((r) => toRow(r, asOf, level)) };
}

/** How many rows (and how much exposure) fall in each band, under the same view, dim1, search and family. */
export async function creditLimitBands(db: Db, clientId: number, query: Query): Promise<TCreditLimitBand[]> {
  const { rows } = await creditLimitRows(db, clientId, query);
  const raw = await queryRows<{ status: CreditLimitStatus; customers: number; exposure: string }>(
    db,
    sql`
    select c.status, count(*)::int as customers, coalesce(sum(c.exposure), 0) as exposure from ${rows} c group by c.status`,
  );
  return raw.map((r) => ({ status: r.status, customers: Number(r.customers), exposure: Number(r.exposure) }));
}

const num = (v: unknown) => (v == null ? null : Number(v));

function toRow(raw: Record<string, unknown>, asOf: string, level: TCreditLimitRow['level']): TCreditLimitRow {
  const utilisation = num(raw.exactUtilisation);
  return {
    level,
    sysObligorCode: String(raw.sysObligorCode),
    name: String(raw.name),
    city: (raw.city as string | null) ?? null,
    dim1: (raw.dim1 as string | null) ?? null,
    members: Number(raw.members),
    accounts: Number(raw.accounts),
    breachedAccounts: Number(raw.breachedAccounts ?? 0),
    creditLimit: num(raw.creditLimit),
    exposure: Number(raw.exposure),
    available: num(raw.available),
    utilisation: utilisation == null ? null : Math.round(utilisation * 10) / 10,
    status: raw.status as CreditLimitStatus,
    date: asOf,
    parentSysObligorCode: (raw.parentSysObligorCode as string | null) ?? null,
    parentName: (raw.parentName as string | null) ?? null,
    lastChange: raw.limitChangedOn ? { date: String(raw.limitChangedOn), previousLimit: num(raw.previousLimit) } : null,
  };
}
