import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { ageingSource } from '@/lib/server/receivables/ageing-query';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { breachedSql, creditLimitColumns, exposureOf } from './credit-limit-sql';
import { scopeCondition } from './obligor-scope';
import type { AgeingView } from '@/lib/server/receivables/ageing-view';

export interface AccountFilters {
  dim?: number;
  search?: string;
  family?: string;
  scope?: ObligorScope;
}

/**
 * An obligor (alias o) that is an account: it trades. Every member of a family, every customer
 * without one, and a family's head only when it holds items of its own (a head that only groups its
 * members has nothing to draw on its limit, which is the family's). So the accounts' exposures add
 * up to the families', but for money on account such a head holds: it lowers the family's exposure
 * and no account's (tests/twins/families.twin.ts pins it).
 */
function isAccount(o: SQL): SQL {
  return sql`(${o}.parent_sys_obligor_code is not null
    or not exists (select 1 from obligors c where c.client_id = ${o}.client_id and c.parent_sys_obligor_code = ${o}.sys_obligor_code)
    or exists (select 1 from invoices i where i.client_id = ${o}.client_id and i.sys_obligor_code = ${o}.sys_obligor_code))`;
}

/** The accounts the user may see (alias o), under the filters. */
function accountConditions(clientId: number, filters: AccountFilters): SQL[] {
  const where: SQL[] = [sql`o.client_id = ${clientId}`, isAccount(sql`o`)];
  const inScope = scopeCondition(clientId, filters.scope, sql`o.sys_obligor_code`);
  if (inScope) where.push(inScope);
  if (filters.dim) where.push(sql`o.dim1_id = ${filters.dim}`);
  if (filters.family) where.push(sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) = ${filters.family}`);
  if (filters.search) {
    const like = `%${escapeLike(filters.search)}%`;
    where.push(sql`(o.name ilike ${like} or o.sys_obligor_code ilike ${like})`);
  }
  return where;
}

/** How many accounts each family has that the user may see (under a dim1 filter, of that value): columns family, accounts. */
export function familyAccountCounts(view: AgeingView, filters: Pick<AccountFilters, 'dim' | 'scope'>): SQL {
  const where = accountConditions(view.clientId, { dim: filters.dim, scope: filters.scope });
  // Over its own limit exactly as the accounts view decides it (lib/domain/credit-limit.ts: strictly over 100%).
  return sql`(select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family, count(*)::int as accounts,
      count(*) filter (where ${breachedSql(exposureOf(sql`r`), sql`o.credit_limit`)})::int as breached
    from obligors o left join ${ageingSource(view)} on r.sys_obligor_code = o.sys_obligor_code
    where ${sql.join(where, sql` and `)}
    group by 1)`;
}

/**
 * One row per account the user may see, as of a date: the account's own credit limit against its
 * own exposure (its net balance in the obligor ageing the receivables screens read), in the columns
 * of the family rows.
 */
export function accountCreditLimitRows(view: AgeingView, filters: AccountFilters): SQL {
  const { clientId } = view;
  const source = ageingSource(view);
  const where = accountConditions(clientId, filters);
  const exposure = exposureOf(sql`r`);
  const limit = sql`o.credit_limit`;
  return sql`(select o.sys_obligor_code as "sysObligorCode", o.name, o.city, dv.name as dim1, 1 as members, 1 as accounts,
      case when ${breachedSql(exposure, limit)} then 1 else 0 end as "breachedAccounts",
      o.parent_sys_obligor_code as "parentSysObligorCode", p.name as "parentName",
      case when ${limit} > 0 then ${limit} end as "creditLimit", ${exposure} as exposure, ${creditLimitColumns(exposure, limit)}
    from obligors o
    left join ${source} on r.sys_obligor_code = o.sys_obligor_code
    left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
    left join dimension_values dv on dv.client_id = o.client_id and dv.id = o.dim1_id
    where ${sql.join(where, sql` and `)})`;
}

/**
 * A page of account rows (alias c, in the page's order) with the latest change of each one's limit,
 * read for the page only: the newest history entry whose limit differs from the one before it (a
 * review that kept the limit is not a change), with that earlier limit (null for the first limit).
 */
export function withLastLimitChange(clientId: number, page: SQL, orderBy: SQL): SQL {
  return sql`select c.*, lc.effective_date::text as "limitChangedOn", lc.previous as "previousLimit"
    from (${page}) c
    left join lateral (
      select x.effective_date, x.previous from (
        select h.id, h.effective_date, h.credit_limit, lag(h.credit_limit) over (order by h.effective_date, h.id) as previous
        from credit_limit_history h where h.client_id = ${clientId} and h.sys_obligor_code = c."sysObligorCode"
      ) x
      where x.previous is distinct from x.credit_limit
      order by x.effective_date desc, x.id desc limit 1
    ) lc on true
    order by ${orderBy}`;
}
