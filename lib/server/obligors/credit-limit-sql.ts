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
      when ${exposure} > ${limit} * ${CREDIT_LIMIT_THRESHOLDS.breached} / 100.0 then 'BREACHED'
      when ${exposure} > ${limit} * ${CREDIT_LIMIT_THRESHOLDS.near} / 100.0 then 'NEAR'
      else 'WITHIN' end as status`;
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
