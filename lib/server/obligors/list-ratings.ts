import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { RatingsSortKey, TRatingRow, TRatingsQuery } from '@/lib/contract/customers';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { ratingLabel } from '@/lib/domain/rating';
import { SHIFT_RANK } from '@/lib/domain/rating-shift';
import { ageingSource } from '@/lib/server/receivables/ageing-query';
import { scopeCondition } from './obligor-scope';
import { ageingView } from '@/lib/server/receivables/ageing-view';

/** lib/domain/rating-shift.ts in SQL, so that the list filters and sorts by it. */
const SHIFT = sql`case when h.previous_rating is null then 'NEW'
  when h.rating < h.previous_rating then 'UPGRADE'
  when h.rating > h.previous_rating then 'DOWNGRADE'
  else 'UNCHANGED' end`;
const SHIFT_ORDER = sql`case t.shift ${sql.join(
  Object.entries(SHIFT_RANK).map(([shift, rank]) => sql`when ${shift} then ${rank}::int`),
  sql` `,
)} end`;

/** A row as the drivers give it: numeric and aggregated columns may arrive as strings. */
type RawRating = Omit<TRatingRow, 'ratingLabel' | 'rating' | 'previousRating' | 'balance'> & {
  rating: number | string;
  previousRating: number | string | null;
  balance: number | string;
};

const SORT_COLUMNS: Record<RatingsSortKey, SQL> = {
  name: sql`t.name`,
  rating: sql`t.rating`,
  ratingDate: sql`t.rating_date`,
  shift: SHIFT_ORDER,
  balance: sql`t.balance`,
};

/**
 * The rating in force for each obligor on the date with the one before it: the row dated on or
 * before the date whose successor (valid_until, kept by a trigger) is later, a range read of the
 * index obligor_ratings_in_force. Obligors never rated by then are left out.
 */
function ratedObligors(clientId: number, asOf: string, query: TRatingsQuery & { scope?: ObligorScope }): SQL {
  const parts: SQL[] = [
    sql`h.client_id = ${clientId}`,
    sql`coalesce(h.valid_until, 'infinity'::date) > ${asOf}::date`,
    sql`h.rating_date <= ${asOf}::date`,
  ];
  const inScope = scopeCondition(clientId, query.scope, sql`o.sys_obligor_code`);
  if (inScope) parts.push(inScope);
  if (query.sysObligorCode) {
    parts.push(
      sql`(o.sys_obligor_code = ${query.sysObligorCode} or o.parent_sys_obligor_code = ${query.sysObligorCode})`,
    );
  }
  return sql`
    select o.sys_obligor_code, o.name, o.parent_sys_obligor_code,
      h.rating, h.rating_date, h.previous_rating, h.previous_rating_date, ${SHIFT} as shift
    from obligor_ratings h
    join obligors o on o.client_id = h.client_id and o.sys_obligor_code = h.sys_obligor_code
    where ${sql.join(parts, sql` and `)}`;
}

/**
 * GET /v3/clients/ratings: rated obligors with their risk shift and balance as of the date (the
 * rollup when one exists for the date, otherwise the ledger; 0 when nothing is outstanding), in
 * the user's scope, filtered by shift, sorted and paged in SQL. Ties go to the larger balance
 * first: among obligors of one rating, the biggest exposure is the one to look at.
 */
export async function listRatings(
  db: Db,
  clientId: number,
  query: TRatingsQuery & { scope?: ObligorScope },
): Promise<{ rows: TRatingRow[]; total: number }> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const balances = ageingSource(await ageingView(db, clientId, asOf));
  const rated = ratedObligors(clientId, asOf, query);
  const shift = query.shift ? sql`where t.shift = ${query.shift}` : sql``;
  const direction = query.orderBy === 'DESC' ? sql`desc` : sql`asc`;
  const [rows, [counted]] = await Promise.all([
    // Materialized: computed once, whatever join the planner picks (a fresh database has no statistics).
    queryRows<RawRating>(
      db,
      sql`
      with balances as materialized (select r.sys_obligor_code, r.outstanding from ${balances}),
      page as (
        select t.* from (
          select r.*, coalesce(b.outstanding, 0) as balance
          from (${rated}) r left join balances b on b.sys_obligor_code = r.sys_obligor_code
        ) t
        ${shift}
        order by ${SORT_COLUMNS[query.sortBy]} ${direction}, ${query.sortBy === 'balance' ? sql`` : sql`t.balance desc,`} t.name, t.sys_obligor_code
        limit ${query.count} offset ${(query.offset - 1) * query.count}
      )
      -- The parents' names of the page's rows only.
      select t.sys_obligor_code as "sysObligorCode", t.name, t.parent_sys_obligor_code as "parentSysObligorCode",
        p.name as "parentName", t.rating, t.rating_date::text as "ratingDate", t.previous_rating as "previousRating",
        t.previous_rating_date::text as "previousRatingDate", t.shift, t.balance
      from page t
      left join obligors p on p.client_id = ${clientId} and p.sys_obligor_code = t.parent_sys_obligor_code
      order by ${SORT_COLUMNS[query.sortBy]} ${direction}, ${query.sortBy === 'balance' ? sql`` : sql`t.balance desc,`} t.name, t.sys_obligor_code`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${rated}) t ${shift}`),
  ]);
  return {
    rows: rows.map((row): TRatingRow => ({
      ...row,
      rating: Number(row.rating),
      ratingLabel: ratingLabel(Number(row.rating)),
      previousRating: row.previousRating == null ? null : Number(row.previousRating),
      balance: Number(row.balance),
    })),
    total: counted?.total ?? 0,
  };
}
