import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { allowParallelWorkers, queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { LOCKS, lockClient } from '@/lib/db/locks';
import { hasSnapshot } from './ageing-view';
import { ageingSnapshots, clients, dataUpdateTimes } from '@/lib/db/schema';
import { ageingRowsForDates, ageingRowsSql, dateArray, dropAgeingDates, rankedSales, segmentOf } from './ageing-source';
import { AGEING_COLUMNS, AMOUNT_KEYS, COUNT_KEYS, column, GROUP_COLUMNS, summedColumns } from './ageing-columns';
import { monthEndsBetween } from '@/lib/domain/dates';
import { dsoEndDate } from '@/lib/domain/dso';
import { boundariesOf } from '@/lib/domain/ageing';

const ROLLUP_COLUMNS = [
  'sys_obligor_code',
  'family_code',
  'dim1_id',
  'dim2_id',
  'dim3_id',
  'sales_segment',
  'rating',
  'guest_id',
  'representative_id',
  ...AGEING_COLUMNS,
];

/**
 * Copies the current field officer and area sales manager of some obligors (`codes`, a query of
 * sys_obligor_code) onto their rollup rows of every date, in the caller's transaction: a change of
 * assignment reaches a collector's figures at once, without a rebuild (obligor_ageing_guest).
 */
export async function copyAssignmentsToRollups(db: Db, clientId: number, codes: SQL): Promise<void> {
  await db.execute(sql`
    update obligor_ageing r set guest_id = o.guest_id, representative_id = o.representative_id
    from obligors o
    where r.client_id = ${clientId} and o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code
      and o.sys_obligor_code in (${codes})
      and (r.guest_id, r.representative_id) is distinct from (o.guest_id, o.representative_id)`);
}

/**
 * The settlement of items from their payments, `payments` being (sys_invoice_num, paid_date,
 * payment_ref, amount, item_amount): the paid total, and the day from which the settlements cover
 * the item for good (null while open). A debit note against a paid invoice opens it again (a
 * negative settlement), so the settled day is the first day of the last run of days whose running
 * total equals the amount, not the first day it did. The one rule for it: the refresh keeps it,
 * an import of new items sets it.
 */
export function settlementOf(payments: SQL): SQL {
  return sql`select sys_invoice_num, max(paid_total) as paid_total,
      case when max(paid_total) = max(item_amount)
        then min(paid_date) filter (where paid_date > coalesce(last_open, '-infinity'::date)) end as settled_date
    from (select *, max(case when paid_so_far <> item_amount then paid_date end) over (partition by sys_invoice_num) as last_open
      from (select sys_invoice_num, paid_date, item_amount,
          -- Ordered by day only: the running total at the end of each day (a day's settlements are peers).
          sum(amount) over (partition by sys_invoice_num order by paid_date) as paid_so_far,
          sum(amount) over (partition by sys_invoice_num) as paid_total
        from (${payments}) p) days) running
    group by sys_invoice_num`;
}

/** An item's status follows from its settled date. */
export const statusOf = (settledDate: SQL) => sql`case when ${settledDate} is null then 'OPEN' else 'CLOSED' end`;

/**
 * Keeps on each item the sum of its settlements (payments and allocated receipts), the day they first covered it (null while open) and
 * its status, so that as-of queries skip settled items and today's outstanding needs no payment scan.
 * `items` (a query of sys_invoice_num) limits the pass to the items a change can have touched.
 */
export async function refreshSettlement(db: Db, clientId: number, items?: SQL): Promise<void> {
  // Scoped, the pass reads only the named items and their settlements.
  const scope = items ? sql`scope as (select distinct sys_invoice_num from (${items}) named),` : sql``;
  const targets = items
    ? sql`scope t join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = t.sys_invoice_num`
    : sql`invoices i`;
  // Each item with its settlements, an item without any as one row of nulls (paid 0, open): one
  // aggregate, never joined to another. The planner guesses 200 groups for an aggregate of the
  // settlements view, and with two of them joined it chose a nested loop of every item against
  // every other (800,000 paid items did not finish in 18 minutes).
  await db.execute(sql`
    with ${scope} settlement as (${settlementOf(sql`
      select i.sys_invoice_num, p.paid_date, p.payment_ref, p.amount, i.amount as item_amount
      from ${targets} left join settlements p on p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num
      where i.client_id = ${clientId}`)})
    update invoices i
    set paid_to_date = coalesce(t.paid_total, 0), settled_date = t.settled_date, status = ${statusOf(sql`t.settled_date`)}
    from settlement t
    where i.client_id = ${clientId} and i.sys_invoice_num = t.sys_invoice_num
      and (i.paid_to_date <> coalesce(t.paid_total, 0) or i.settled_date is distinct from t.settled_date
        or i.status <> ${statusOf(sql`t.settled_date`)})`);
}

/**
 * Ranks the sales segments of a date's rollup rows among all customers again, after some of them
 * were rebuilt: one customer's new sales can move another across the 80% or 95% line.
 */
async function rankSalesSegments(db: Db, clientId: number, asOf: string): Promise<void> {
  await db.execute(sql`
    update obligor_ageing r set sales_segment = ${segmentOf(sql`x`)}
    from (${rankedSales(sql`(select sys_obligor_code, sales12m from obligor_ageing where client_id = ${clientId} and as_of_date = ${asOf}::date) day`)}) x
    where r.client_id = ${clientId} and r.as_of_date = ${asOf}::date and r.sys_obligor_code = x.sys_obligor_code
      and r.sales_segment is distinct from ${segmentOf(sql`x`)}`);
}

/**
 * Sums the obligor rollups of the dates per family, and the families into the client total.
 * `obligors` (a query of codes) limits the family sums to those customers' families.
 */
async function refreshFamilies(db: Db, clientId: number, dates: string[], obligors?: SQL): Promise<void> {
  const columns = [...AMOUNT_KEYS, ...COUNT_KEYS].map((k) => column(k));
  const ofDates = sql`as_of_date = any(${dateArray(dates)})`;
  const ofFamilies = (familyCode: SQL) =>
    obligors
      ? sql`and ${familyCode} in (
    select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) from obligors o
    where o.client_id = ${clientId} and o.sys_obligor_code in (${obligors}))`
      : sql``;
  await db.execute(
    sql`delete from family_ageing where client_id = ${clientId} and ${ofDates} ${ofFamilies(sql`family_code`)}`,
  );
  await db.execute(sql`
    insert into family_ageing (client_id, as_of_date, family_code, ${sql.join(columns, sql`, `)},
      low_rated, med_rated, high_rated, weighted_rating, rated_balance, open_obligors)
    select ${clientId}, r.as_of_date, r.family_code, ${summedColumns()}, ${GROUP_COLUMNS}
    from obligor_ageing r where r.client_id = ${clientId} and r.${ofDates} ${ofFamilies(sql`r.family_code`)}
    group by r.as_of_date, r.family_code`);
  await db.execute(sql`delete from client_ageing where client_id = ${clientId} and ${ofDates}`);
  await db.execute(sql`
    insert into client_ageing (client_id, as_of_date, ${sql.join(columns, sql`, `)})
    select ${clientId}, r.as_of_date, ${summedColumns()}
    from family_ageing r where r.client_id = ${clientId} and r.${ofDates}
    group by r.as_of_date`);
}

/** What a rollup rebuild may be limited to (see `rebuildRollups`). */
interface RebuildOptions {
  onlyToday?: boolean;
  now?: Date;
  since?: string;
  obligors?: SQL;
  kept?: string[];
  onProgress?: (message: string) => void;
}

/**
 * Settles the items a ledger change touches, then rebuilds the rollups, in the caller's
 * transaction (the seed, tests). An import settles in its own transaction and leaves the rebuild
 * to its rollup job (rollup-jobs.ts).
 */
export async function refreshReceivableRollups(
  db: Db,
  clientId: number,
  today: string,
  options: RebuildOptions & { items?: SQL } = {},
): Promise<string[]> {
  // Without a ledger change (a new day) every item's settlement is as the last change left it.
  if (!options.onlyToday) {
    options.onProgress?.('settling the paid items');
    await refreshSettlement(db, clientId, options.items);
  }
  return rebuildRollups(db, clientId, today, options);
}

/**
 * Rebuilds the ageing rollups of one client for every month end since its first document and for
 * `today`, inside the caller's transaction, and records the view update time. Run after every
 * change to the ledger, once its items are settled; `onlyToday` adds the new current date on a day
 * without ledger changes (ages move with the calendar even when no data does); `since` limits the
 * rebuild to the dates on or after the earliest date a change touches (nothing before it can move);
 * `obligors` (a query of codes) rebuilds only those customers' rows of a date that has rollups, or
 * whose snapshot was withdrawn with its rows kept (`kept`: an import hides them from reads until
 * its job has run).
 */
export async function rebuildRollups(
  db: Db,
  clientId: number,
  today: string,
  options: RebuildOptions = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const progress = options.onProgress ?? (() => {});
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new Error(`no client ${clientId}`);
  const boundaries = boundariesOf(client);
  const first = await queryRow(
    db,
    sql`select min(issue_date)::text as first from invoices where client_id = ${clientId}`,
    row({ first: col.day.nullable() }),
  );
  // A change dated `since` or later (an import of new documents) leaves the rollups of earlier dates as they are.
  const since = options.since;
  const monthEnds =
    first?.first && !options.onlyToday
      ? monthEndsBetween(first.first, today).filter((date) => !since || date >= since)
      : [];
  // The DSO end date has rollups too, so that annual DSO reads them like any other figure.
  const dsoEnd = dsoEndDate(today);
  const dates = [...new Set([...monthEnds, dsoEnd, today])].sort();
  if (!options.onlyToday) await forgetOtherDates(db, clientId, dates, since);
  const columns = sql.join(
    ROLLUP_COLUMNS.map((c) => sql.identifier(c)),
    sql`, `,
  );
  // Dates built whole, and dates with rollups where only the customers named are rebuilt.
  const whole: string[] = [];
  const partial: string[] = [];
  const withRollups = new Set(
    (
      await queryRows(
        db,
        sql`select as_of_date::text as d from ageing_snapshots
    where client_id = ${clientId} and as_of_date = any(${dateArray(dates)})`,
        row({ d: col.day }),
      )
    )
      .map((row) => row.d)
      .concat(options.kept ?? []),
  );
  for (const asOf of dates) {
    const stored = withRollups.has(asOf);
    // Before `since` nothing moved: a date there is built only when it has no rollups yet (a new DSO end date).
    if (since && asOf < since && stored) continue;
    (options.obligors && stored ? partial : whole).push(asOf);
  }
  if (whole.length) {
    progress(`ageing rollups of ${countOfDates(whole)}`);
    await db.execute(
      sql`delete from obligor_ageing where client_id = ${clientId} and as_of_date = any(${dateArray(whole)})`,
    );
    // Several dates are read in one pass over the ledger; one date (a new day) by its own, index-led query.
    const rows =
      whole.length > 1
        ? await ageingRowsForDates(db, clientId, whole, boundaries)
        : sql`select ${whole[0]}::date as as_of_date, * from (${ageingRowsSql(clientId, whole[0]!, boundaries)}) one_date`;
    progress(`writing the ageing rollups of ${countOfDates(whole)}`);
    // In key order: the primary key's pages fill one after another instead of at random (twice as fast).
    await db.execute(sql`insert into obligor_ageing (client_id, as_of_date, ${columns})
      select ${clientId}, as_of_date, ${columns} from (${rows}) rows order by as_of_date, sys_obligor_code`);
    await dropAgeingDates(db);
    progress('family and client totals');
    await refreshFamilies(db, clientId, whole);
  }
  if (partial.length) progress(`ageing rollups of the batch's customers for ${countOfDates(partial)}`);
  for (const asOf of partial) {
    await db.execute(
      sql`delete from obligor_ageing where client_id = ${clientId} and as_of_date = ${asOf}::date and sys_obligor_code in (${options.obligors})`,
    );
    await db.execute(sql`
      insert into obligor_ageing (client_id, as_of_date, ${columns})
      select ${clientId}, ${asOf}::date, ${columns} from (${ageingRowsSql(clientId, asOf, boundaries, {}, options.obligors)}) rows`);
    await rankSalesSegments(db, clientId, asOf);
    await refreshFamilies(db, clientId, [asOf], options.obligors);
  }
  for (const asOf of [...whole, ...partial]) {
    await db
      .insert(ageingSnapshots)
      .values({ clientId, asOfDate: asOf, refreshedAt: now })
      .onConflictDoUpdate({ target: [ageingSnapshots.clientId, ageingSnapshots.asOfDate], set: { refreshedAt: now } });
  }
  // The figures now hold the ledger as of its last import (imports wait for the client's lock), so
  // the view time is never earlier than the integration time, even when the import's server clock
  // ran ahead of this one's: the start-up check would otherwise take the import's job for lost and
  // rebuild every minute until this clock caught up (rollup-jobs.ts resumeRollupJobs).
  await db
    .insert(dataUpdateTimes)
    .values({ clientId, viewUpdateTime: now })
    .onConflictDoUpdate({
      target: dataUpdateTimes.clientId,
      set: { viewUpdateTime: sql`greatest(excluded.view_update_time, ${dataUpdateTimes.integrationUpdateTime})` },
    });
  return dates;
}

/** "1 date", "26 dates": for the progress messages. */
const countOfDates = (dates: string[]) => `${dates.length} date${dates.length > 1 ? 's' : ''}`;

/**
 * After a ledger change, rollups of past days that are neither month ends nor today's dates
 * (yesterday's "today", an earlier DSO end date) describe the old ledger: drop them.
 */
async function forgetOtherDates(db: Db, clientId: number, keep: string[], since?: string): Promise<void> {
  const kept = sql.join(
    keep.map((d) => sql`${d}::date`),
    sql`, `,
  );
  const changed = since ? sql`and as_of_date >= ${since}::date` : sql``;
  for (const table of ['obligor_ageing', 'family_ageing', 'client_ageing', 'ageing_snapshots']) {
    await db.execute(
      sql`delete from ${sql.identifier(table)} where client_id = ${clientId} and as_of_date not in (${kept}) ${changed}`,
    );
  }
}

/**
 * Adds today's rollups for every borrower client that lacks them (run at start, every minute by a
 * running server and daily); a client without any rollup yet (new, or after a migration that reset
 * them) gets every month end too. "Today" is each client's own day at `at` (its time zone), or one
 * given day for all (tests, benchmarks).
 */
export async function refreshStaleRollups(db: Db, at: Date | string = new Date()): Promise<number[]> {
  const day =
    typeof at === 'string' ? sql`${at}::date` : sql`(${at.toISOString()}::timestamptz at time zone c.time_zone)::date`;
  const stale = await queryRows(
    db,
    sql`
    select c.id, ${day}::text as day, exists (select 1 from ageing_snapshots s where s.client_id = c.id) as "hasAny"
    from clients c
    where c.kind = 'BORROWER'
      and not exists (select 1 from ageing_snapshots s where s.client_id = c.id and s.as_of_date = ${day})
      -- An import's rollup job rebuilds the dates itself; the next check adds a day it did not reach.
      and not exists (select 1 from rollup_jobs j where j.client_id = c.id and j.status <> 'DONE')`,
    row({ id: col.int, day: col.day, hasAny: col.bool }),
  );
  const refreshed: number[] = [];
  for (const { id, day: today, hasAny } of stale) {
    const done = await db.transaction(async (tx) => {
      // Several app servers (or an import) may reach the same client at once: one works, the
      // others wait and then find the day there.
      await lockClient(tx, LOCKS.clientLedger, id);
      if (await hasSnapshot(tx, id, today)) return false;
      await allowParallelWorkers(tx);
      await refreshReceivableRollups(tx, id, today, { onlyToday: hasAny });
      return true;
    });
    if (done) refreshed.push(id);
  }
  return refreshed;
}
