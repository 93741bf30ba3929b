import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { ratingOfTerms } from '../ageing-columns';
import { LEVEL_KEY, type SCOPE_LEVELS } from './levels';

/**
 * The client's overall risk (the mean of its families' weighted ratings) on each day of its
 * history: each family's weighted rating enters, changes and leaves the sum on its own days.
 */
export function overallRisk(clientId: number): SQL {
  const rating = ratingOfTerms(sql`f.rated_num`, sql`f.rated_balance`);
  return sql`
    with changes as (
      select f.from_day as day,
        coalesce(${rating}, 0) - coalesce(lag(${rating}) over w, 0) as rating_sum,
        (f.rated_balance <> 0)::int - coalesce((lag(f.rated_balance) over w <> 0)::int, 0) as rated
      from ageing_history f where f.client_id = ${clientId} and f.level = 'family'
      window w as (partition by f.key order by f.from_day)
    ),
    per_day as (select day, sum(rating_sum) as rating_sum, sum(rated) as rated from changes group by day),
    running as (
      select c.from_day, sum(coalesce(p.rating_sum, 0)) over w as rating_sum, sum(coalesce(p.rated, 0)) over w as rated
      from ageing_history c left join per_day p on p.day = c.from_day
      where c.client_id = ${clientId} and c.level = 'client'
      window w as (order by c.from_day)
    )
    update ageing_history c set family_rating_sum = r.rating_sum, rated_families = r.rated
    from running r where c.client_id = ${clientId} and c.level = 'client' and c.from_day = r.from_day`;
}

/**
 * A collector's overall risk on each day of their history: the mean, over the families they hold
 * customers of, of the weighted rating of those customers (as a scoped user's summary computes it
 * from the ledger), kept as a sum and a count on the collector's rows. Each (collector, family)'s
 * rated balance and rating numerator are run up from the obligors' terms; their weighted rating
 * enters, changes and leaves the collector's sum on its own days, which are days of the
 * collector's rows (their terms make rows of the level).
 */
export function collectorOverallRisk(clientId: number, level: (typeof SCOPE_LEVELS)[number]): SQL {
  const key = LEVEL_KEY[level];
  return sql`
    with pair_days as materialized (
      select ${key} as key, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family, t.day,
        sum(t.rated_num) as rated_num, sum(t.rated_balance) as rated_balance
      from history_obligor_terms t join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = t.obligor
      where ${key} is not null
      group by 1, 2, 3
    ),
    pairs as (
      select key, family, day, sum(rated_num) over w as num, sum(rated_balance) over w as bal
      from pair_days window w as (partition by key, family order by day)
    ),
    changes as (
      select key, day,
        coalesce(num::numeric / nullif(bal, 0), 0) - coalesce(lag(num::numeric / nullif(bal, 0)) over w, 0) as rating_sum,
        (bal <> 0)::int - coalesce((lag(bal) over w <> 0)::int, 0) as rated
      from pairs window w as (partition by key, family order by day)
    ),
    -- Materialized: each computed once, whatever the planner makes of the joins around them.
    per_day as materialized (select key, day, sum(rating_sum) as rating_sum, sum(rated) as rated from changes group by key, day),
    running as materialized (
      select c.key, c.from_day, sum(coalesce(p.rating_sum, 0)) over w as rating_sum, sum(coalesce(p.rated, 0)) over w as rated
      from ageing_history c left join per_day p on p.key = c.key and p.day = c.from_day
      where c.client_id = ${clientId} and c.level = ${level}
      window w as (partition by c.key order by c.from_day)
    )
    update ageing_history c set family_rating_sum = r.rating_sum, rated_families = r.rated
    from running r where c.client_id = ${clientId} and c.level = ${level} and c.key = r.key and c.from_day = r.from_day`;
}
