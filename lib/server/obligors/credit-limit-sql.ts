import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { CREDIT_LIMIT_THRESHOLDS } from '@/lib/domain/credit-limit';

/**
 * lib/domain/credit-limit.ts in SQL, for any row with an exposure and a limit (a family or an
 * account): available credit, exact utilisation and the band, strictly over the domain's thresholds.
 * The domain's creditLimitStatus is the reference the tests compare these with.
 */
export function creditLimitColumns(exposure: SQL, limit: SQL): SQL {
  const limited = sql`${limit} > 0`;
  return sql`case when ${limited} then ${limit} - ${exposure} end as available,
    case when ${limited} then ${exposure} / ${limit} * 100 end as "exactUtilisation",
    case when not coalesce(${limited}, false) then 'NO_LIMIT'
      when ${over(exposure, limit, CREDIT_LIMIT_THRESHOLDS.breached)} then 'BREACHED'
      when ${over(exposure, limit, CREDIT_LIMIT_THRESHOLDS.near)} then 'NEAR'
      else 'WITHIN' end as status`;
}

/** The exposure is strictly over `percent` of the limit. */
const over = (exposure: SQL, limit: SQL, percent: number) => sql`${exposure} > ${limit} * ${percent} / 100.0`;

/** The row's band is BREACHED (creditLimitColumns' status), as a condition: false without a limit. */
export function breachedSql(exposure: SQL, limit: SQL): SQL {
  return sql`(${limit} > 0 and ${over(exposure, limit, CREDIT_LIMIT_THRESHOLDS.breached)})`;
}

/**
 * What an obligor's row of the ageing source (alias `r`, possibly missing: left-joined) draws on
 * its limit: the net balance, its open invoices less the money it has paid on account and not yet
 * allocated, as Tally's and ERPNext's credit checks read the party's balance. A customer who has
 * paid is not held for the bills the payment is not yet applied to.
 */
export function exposureOf(r: SQL): SQL {
  return sql`(coalesce(${r}.outstanding, 0) + coalesce(${r}.unallocated, 0))`;
}
