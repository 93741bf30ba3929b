import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { HistoryLevel } from './levels';

/** The figures the history keeps as they are (buckets, counts, balances, rated receivables, open obligors). */
const KEPT = sql`h.current, h.current_num, h.crd_bucket1, h.crd_bucket1_num, h.crd_bucket2, h.crd_bucket2_num,
  h.crd_bucket3, h.crd_bucket3_num, h.crd_bucket4, h.crd_bucket4_num, h.inv_bucket1, h.inv_bucket1_num,
  h.inv_bucket2, h.inv_bucket2_num, h.inv_bucket3, h.inv_bucket3_num, h.inv_bucket4, h.inv_bucket4_num,
  h.outstanding, h.overdue, h.low_rated, h.med_rated, h.high_rated, h.rated_balance, h.open_obligors,
  h.family_rating_sum, h.rated_families`;

const at = (clientId: number, level: HistoryLevel, day: SQL, keys?: SQL) => sql`
  select * from ageing_history where client_id = ${clientId} and level = ${level} and valid @> ${day}
    ${keys ? sql`and key in (${keys})` : sql``}`;

/**
 * The rows of one level of the ageing history as of `asOf`, in the columns of a rollup row: every
 * bucket with its count, outstanding, overdue, `invoiced` and `paid` in the month of the date up to
 * it, `sales12m` over the 12 months up to it, rated receivables by class, the weighted rating and
 * its rated balance, open obligors, and `key` (the family code, dim value id, user id, or '' for the
 * client). Three reads of the same index: the date, the day before its month, and 12 months back.
 * `keys` (a query of keys) limits it to some families, values or users.
 */
export function historyAt(clientId: number, level: HistoryLevel, asOf: string, keys?: SQL): SQL {
  const d = sql`${asOf}::date`;
  return sql`(
    with now as (${at(clientId, level, d, keys)}),
      month_before as (${at(clientId, level, sql`(date_trunc('month', ${d})::date - 1)`, keys)}),
      year_before as (${at(clientId, level, sql`(${d} - interval '12 months')::date`, keys)})
    select h.key, ${KEPT},
      h.issued - coalesce(m.issued, 0) as invoiced, h.collected - coalesce(m.collected, 0) as paid,
      h.issued - coalesce(y.issued, 0) as sales12m,
      (h.rated_num / nullif(h.rated_balance, 0))::float8 as weighted_rating
    from now h left join month_before m on m.key = h.key left join year_before y on y.key = h.key)`;
}
