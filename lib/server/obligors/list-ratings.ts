import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { RatingsSortKey, TRatingRow, TRatingsQuery } from '@/lib/contract/obligors';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { RATING_MAX, RATING_MIN, ratingLabel } from '@/lib/domain/rating';
import { RATING_SHIFTS, SHIFT_RANK } from '@/lib/domain/rating-shift';
import { ageingSource } from '@/lib/server/receivables/ageing-query';
import { scopeCondition } from './obligor-scope';
import { ageingView, type AgeingView } from '@/lib/server/receivables/ageing-view';

/** lib/domain/rating-shift.ts in SQL, so that the list filters and sorts by it. */
const SHIFT = sql`case when h.previous_rating is null then 'NEW'
  when h.rating < h.previous_rating then 'UPGRADE'
  when h.rating > h.previous_rating then 'DOWNGRADE'
  else 'UNCHANGED' end`;
const SHIFT_ORDER = sql`case t.shift ${sql.join(
  Object.entries(SHIFT_RANK).map(([shift, rank]) => sql`when ${shift} then ${rank}::int`),
  sql` `,
)} end`;

/** A row of the page: the answer's row but for the rating label. */
const RatingRow = row({
  sysObligorCode: col.text,
  name: col.text,
  parentSysObligorCode: col.text.nullable(),
  parentName: col.text.nullable(),
  rating: col.int,
  ratingDate: col.day,
  previousRating: col.int.nullable(),
  previousRatingDate: col.day.nullable(),
  shift: col.oneOf(RATING_SHIFTS),
  balance: col.num,
}) satisfies z.ZodType<Omit<TRatingRow, 'ratingLabel'>, unknown>;

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
 * index obligor_ratings_in_force. Obligors never rated by then are left out. Only a scope or a
 * family reads obligors here; names are read for a page's candidates alone (listRatings).
 */
function ratedObligors(clientId: number, asOf: string, query: TRatingsQuery & { scope?: ObligorScope }): SQL {
  const parts: SQL[] = [
    sql`h.client_id = ${clientId}`,
    sql`coalesce(h.valid_until, 'infinity'::date) > ${asOf}::date`,
    sql`h.rating_date <= ${asOf}::date`,
  ];
  const inScope = scopeCondition(clientId, query.scope, sql`h.sys_obligor_code`);
  if (inScope) parts.push(inScope);
  if (query.sysObligorCode) {
    parts.push(sql`h.sys_obligor_code in (select f.sys_obligor_code from obligors f where f.client_id = ${clientId}
      and (f.sys_obligor_code = ${query.sysObligorCode} or f.parent_sys_obligor_code = ${query.sysObligorCode}))`);
  }
  return sql`
    select h.sys_obligor_code, h.rating, h.rating_date, h.previous_rating, h.previous_rating_date, ${SHIFT} as shift
    from obligor_ratings h
    where ${sql.join(parts, sql` and `)}`;
}

/** The most rows a page's cut names one by one; deeper pages sort every rated obligor by name. */
const MAX_CUT = 1000;

/** A row of a page's cut: the code, its sort key's first column as text, and its balance as text (compared and sent back as written). */
const HeadRow = row({ code: col.text, k: col.text, balance: col.text });
type HeadRow = z.output<typeof HeadRow>;

/**
 * The cut of two orders read from the date's rollup alone, down the index obligor_ageing_by_rating,
 * which holds the rated rows with a positive balance, by rating then balance (the rollup's rating
 * is the one in force on its date):
 * - rating (then the larger balance, then the code): the rows of the rating that comes first;
 * - the larger balance first: each rating's rows, merged by balance.
 *
 * A rated customer without a rollup row has a balance of 0, so it sorts after every positive
 * balance (of its rating, in the first order): when `limit` positive rows come back, they are
 * exactly the head of the full order. Otherwise (fewer, another order, or a filter this walk does
 * not apply) null, and the caller joins every rating to every balance.
 */
async function rollupHead(
  db: Db,
  view: AgeingView,
  query: TRatingsQuery & { scope?: ObligorScope },
  limit: number,
): Promise<HeadRow[] | null> {
  if (!view.hasRollups || query.shift || query.sysObligorCode) return null;
  const ratings =
    query.sortBy === 'rating'
      ? [query.orderBy === 'DESC' ? RATING_MAX : RATING_MIN]
      : query.sortBy === 'balance' && query.orderBy === 'DESC'
        ? Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i)
        : null;
  if (!ratings) return null;
  const inScope = scopeCondition(view.clientId, query.scope, sql`r.sys_obligor_code`);
  // Each rating's walk is ordered by the index; the merge of several is a merge append.
  const walk = (rating: number) => sql`(
    select r.sys_obligor_code as code, ${query.sortBy === 'rating' ? sql`r.rating::text` : sql`''`} as k,
      r.outstanding::text as balance, r.outstanding
    from obligor_ageing r
    where r.client_id = ${view.clientId} and r.as_of_date = ${view.asOf}::date and r.rating = ${rating}
      and r.outstanding > 0 ${inScope ? sql`and ${inScope}` : sql``}
    order by r.outstanding desc nulls last, r.sys_obligor_code
    limit ${limit})`;
  const rows = await queryRows(
    db,
    sql`
    select h.code, h.k, h.balance from (${sql.join(ratings.map(walk), sql` union all `)}) h
    order by h.outstanding desc nulls last, h.code
    limit ${limit}`,
    HeadRow,
  );
  return rows.length === limit ? rows : null;
}

/**
 * GET /v3/clients/ratings: rated obligors with their risk shift and balance as of the date (the
 * rollup when one exists for the date, otherwise the ledger; 0 when nothing is outstanding), in
 * the user's scope, filtered by shift, sorted and paged in SQL. Ties go to the larger balance
 * first: among obligors of one rating, the biggest exposure is the one to look at.
 *
 * Every order but the name's is decided by the ratings and balances alone up to its name
 * tie-break. So the rows up to the page's end are cut on that key first (a bounded sort of small
 * columns), and only that cut is joined to obligors for names and sorted in full: a page reads
 * tens of names, not every customer's. When the key of the cut's last row goes on past it (equal
 * balances, zeros mostly), every row of that key joins the cut, so the names order them exactly.
 */
export async function listRatings(
  db: Db,
  clientId: number,
  query: TRatingsQuery & { scope?: ObligorScope },
): Promise<{ rows: TRatingRow[]; total: number }> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const view = await ageingView(db, clientId, asOf);
  const rated = ratedObligors(clientId, asOf, query);
  const shift = query.shift ? sql`where t.shift = ${query.shift}` : sql``;
  // The rollup is one indexed read of the date; the ledger's rows are computed once, whatever join
  // the planner picks (a fresh database has no statistics).
  const keyed = sql`
    with balances as ${view.hasRollups ? sql`not materialized` : sql`materialized`}
      (select r.sys_obligor_code, r.outstanding from ${ageingSource(view)}),
    keyed as (
      select t.* from (
        select r.*, coalesce(b.outstanding, 0) as balance
        from (${rated}) r left join balances b on b.sys_obligor_code = r.sys_obligor_code
      ) t
      ${shift}
    )`;
  const direction = query.orderBy === 'DESC' ? sql`desc` : sql`asc`;
  const primary = SORT_COLUMNS[query.sortBy];
  // The key's first column as text, to find its ties; a balance is compared as a number ('0' = '0.00').
  const primaryText = query.sortBy === 'balance' ? sql`''` : sql`(${primary})::text`;
  const key = query.sortBy === 'balance' ? sql`t.balance ${direction}` : sql`${primary} ${direction}, t.balance desc`;
  const order = sql`${key}, t.name, t.sys_obligor_code`;
  const end = query.offset * query.count;

  const cutHead = async (): Promise<HeadRow[] | null> => {
    if (query.sortBy === 'name' || end > MAX_CUT) return null;
    return (
      (await rollupHead(db, view, query, end + 1)) ??
      queryRows(
        db,
        sql`${keyed}
          select t.sys_obligor_code as code, ${primaryText} as k, t.balance::text as balance
          from keyed t order by ${key}, t.sys_obligor_code limit ${end + 1}`,
        HeadRow,
      )
    );
  };
  const [head, counted] = await Promise.all([
    cutHead(),
    // Counted beside the cut: the total needs no balance.
    queryRow(db, sql`select count(*)::int as total from (${rated}) t ${shift}`, row({ total: col.int })),
  ]);
  const total = counted?.total ?? 0;
  if (total === 0) return { rows: [], total };
  let cut: SQL | null = null;
  if (head?.length) {
    const [last, next] = [head[end - 1], head[end]];
    const codes = sql.join(
      head.slice(0, end).map((r) => sql`${r.code}`),
      sql`, `,
    );
    const tied = last && next && last.k === next.k && Number(last.balance) === Number(next.balance);
    cut = tied
      ? sql`(t.sys_obligor_code in (${codes}) or (${primaryText} = ${last.k} and t.balance = ${last.balance}::numeric))`
      : sql`t.sys_obligor_code in (${codes})`;
  }
  const rows = await queryRows(
    db,
    sql`${keyed},
      page as (
        select t.* from (
          select k.*, o.name, o.parent_sys_obligor_code from keyed k
          join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = k.sys_obligor_code
        ) t
        ${cut ? sql`where ${cut}` : sql``}
        order by ${order}
        limit ${query.count} offset ${(query.offset - 1) * query.count}
      )
      -- The parents' names of the page's rows only.
      select t.sys_obligor_code as "sysObligorCode", t.name, t.parent_sys_obligor_code as "parentSysObligorCode",
        p.name as "parentName", t.rating, t.rating_date::text as "ratingDate", t.previous_rating as "previousRating",
        t.previous_rating_date::text as "previousRatingDate", t.shift, t.balance
      from page t
      left join obligors p on p.client_id = ${clientId} and p.sys_obligor_code = t.parent_sys_obligor_code
      order by ${order}`,
    RatingRow,
  );
  return {
    rows: rows.map((rated): TRatingRow => ({ ...rated, ratingLabel: ratingLabel(rated.rating) })),
    total,
  };
}
