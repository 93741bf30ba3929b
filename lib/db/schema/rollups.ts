import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { BUCKET_KEYS, type BucketKey } from '../../domain/ageing';
import { clients } from './clients';

const money = () => numeric({ precision: 18, scale: 2 }).notNull().default('0');
const count = () => integer().notNull().default(0);

type BucketColumns = { [K in BucketKey]: ReturnType<typeof money> } & {
  [K in BucketKey as `${K}Num`]: ReturnType<typeof count>;
};

/**
 * Each bucket's amount and open-item count, in the order of the one bucket list (BUCKET_KEYS): the
 * rollups and the history name them from it, as the SQL that fills them does (AGEING_COLUMNS).
 */
function bucketColumns(): BucketColumns {
  return Object.fromEntries(
    BUCKET_KEYS.flatMap((k) => [
      [k, money()],
      [`${k}Num`, count()],
    ]),
  ) as BucketColumns;
}

/** The amounts and counts of an ageing row, shared by the obligor and family rollups. */
function ageingAmounts() {
  return {
    ...bucketColumns(),
    outstanding: money(),
    overdue: money(),
    invoiced: money(), // documents issued in the month of as_of_date, up to it (net of credit notes)
    paid: money(), // cash collected in the month of as_of_date, up to it
    sales12m: money(), // documents issued in the 12 months up to as_of_date (DSO, sales segments)
    unallocated: money(), // receipts not allocated to an item at as_of_date, negative (net balance = outstanding + it)
  };
}

/**
 * Pre-aggregated ageing per obligor as of a date (every month end and the current day), refreshed
 * in the same transaction as the ledger changes it summarises. Calls for any other date compute
 * the same columns from invoices and payments (lib/server/receivables/ageing-source.ts).
 */
export const obligorAgeing = pgTable(
  'obligor_ageing',
  {
    clientId: integer().notNull(),
    asOfDate: date().notNull(),
    sysObligorCode: text().notNull(),
    familyCode: text().notNull(), // the parent obligor's code, or the obligor's own when it has none
    dim1Id: integer(),
    dim2Id: integer(),
    dim3Id: integer(),
    salesSegment: text(), // LARGE, MEDIUM or SMALL by 12-month sales as of the date (lib/domain/segments.ts)
    rating: smallint(),
    // The obligor's field officer and area sales manager now (not as of the date): a collector's
    // rows of a day are read by the index below instead of all the day's rows joined with their
    // customers. Written with the rows and by every change of assignment (assign-obligor.ts).
    guestId: integer(),
    representativeId: integer(),
    ...ageingAmounts(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.asOfDate, t.sysObligorCode] }),
    index('obligor_ageing_guest')
      .on(t.clientId, t.asOfDate, t.guestId)
      .where(sql`${t.guestId} is not null`),
    index('obligor_ageing_family').on(t.clientId, t.asOfDate, t.familyCode),
    // The ratings list's default order (rating, then the larger balance) walked for one rating
    // (lib/server/obligors/list-ratings.ts): a page reads tens of rows, not every rated customer.
    index('obligor_ageing_by_rating')
      .on(t.clientId, t.asOfDate, t.rating, t.outstanding.desc(), t.sysObligorCode)
      .where(sql`${t.rating} is not null and ${t.outstanding} > 0`),
  ],
);

/**
 * The same rows summed per family (parent obligor), with the rated receivables and the weighted
 * rating: the parent list and the client totals read a few thousand rows instead of every obligor.
 */
export const familyAgeing = pgTable(
  'family_ageing',
  {
    clientId: integer().notNull(),
    asOfDate: date().notNull(),
    familyCode: text().notNull(),
    ...ageingAmounts(),
    lowRated: money(),
    medRated: money(),
    highRated: money(),
    weightedRating: doublePrecision(),
    // Balance of the rated obligors with a positive balance: weightedRating x ratedBalance sums across families.
    ratedBalance: money(),
    openObligors: count(), // obligors of the family with something outstanding
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.asOfDate, t.familyCode] }),
    index('family_ageing_overdue').on(t.clientId, t.asOfDate, t.overdue.desc()),
    index('family_ageing_outstanding').on(t.clientId, t.asOfDate, t.outstanding.desc()),
  ],
);

/** The client's totals per date: the monthly overview reads one row per month. */
export const clientAgeing = pgTable(
  'client_ageing',
  {
    clientId: integer().notNull(),
    asOfDate: date().notNull(),
    ...ageingAmounts(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.asOfDate] })],
);

/** Which dates have rollups, and when they were refreshed (the spec's view update time). */
export const ageingSnapshots = pgTable(
  'ageing_snapshots',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    asOfDate: date().notNull(),
    refreshedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.asOfDate] })],
);

/** A PostgreSQL daterange, read and written as its text form ('[2026-01-01,2026-01-05)'). */
const dateRange = customType<{ data: string }>({ dataType: () => 'daterange' });

/**
 * The ageing history (lib/server/receivables/history/): per client and level (the client, each
 * family, each dim1..dim3 value, each collector's customers, each obligor), one row per day the figures change, `valid` until the next, so
 * that any date is one indexed read of its row: the month-to-date and 12-month sums included.
 */
export const ageingHistory = pgTable(
  'ageing_history',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    level: text().notNull(),
    key: text().notNull(),
    fromDay: date().notNull(),
    valid: dateRange().notNull(),
    ...bucketColumns(),
    outstanding: money(),
    overdue: money(),
    invoiced: money(), // documents issued in the month of the day, up to it (net of credit notes)
    paid: money(), // cash collected in the month of the day, up to it (credit-note adjustments excluded)
    sales12m: money(), // documents issued in the 12 months up to the day
    unallocated: money(), // receipts not allocated to an item at the day, negative
    settled: money(), // debts (not credit notes) paid off in the month of the day, up to it
    settledDays: numeric().notNull().default('0'), // their amount x days from issue to settlement (average days to pay)
    lowRated: money(),
    medRated: money(),
    highRated: money(),
    ratedBalance: money(), // balance of the rated obligors with a positive balance
    ratedNum: numeric().notNull().default('0'), // their rating x balance: the weighted rating is ratedNum / ratedBalance
    openObligors: count(),
    listedObligors: count(), // obligors "with receivables" at the date (docs/glossary.md): the level's rows of a list
    familyRatingSum: numeric(), // client level: the sum of the families' weighted ratings (overall risk = sum / count)
    ratedFamilies: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.level, t.key, t.fromDay] }),
    // The obligor level is read by key (the primary key), never by date across keys: left out of
    // the date index, whose upkeep is most of the cost of writing a row.
    index('ageing_history_valid')
      .using('gist', t.clientId, t.level, t.valid)
      .where(sql`${t.level} <> 'obligor'`),
    // A collector's family list of another date probes one obligor row per customer: an index of
    // the obligor rows alone is a third of the primary key's size and a level shallower (probes
    // about a quarter faster).
    index('ageing_history_obligor')
      .on(t.clientId, t.key, t.fromDay)
      .where(sql`${t.level} = 'obligor'`),
  ],
);
