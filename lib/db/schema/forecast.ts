import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

export type ForecastLevel = 'CLIENT' | 'DIM1' | 'FAMILY' | 'ACCOUNT' | 'GUEST' | 'REPRESENTATIVE';

/**
 * The cash-in forecast kept ready (lib/server/forecast/forecast-store.ts): built for one client day
 * from one ledger (its integration update time) by one version of the model (`model`,
 * FORECAST_MODEL); the stored rows answer only while all three are current. Promises and disputes
 * changed since `built_at` are applied on reading.
 */
export const forecastBuilds = pgTable('forecast_builds', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id),
  builtFor: date().notNull(),
  ledgerTime: timestamp({ withTimezone: true }),
  builtAt: timestamp({ withTimezone: true }).notNull(),
  model: integer().notNull().default(1),
});

/**
 * A forecast's additive sums (lib/domain/cash-forecast.ts, CashSums) of an account, a family, a dim1
 * value, the client, or the accounts of a field officer (GUEST) or an area sales manager
 * (REPRESENTATIVE), from one start day: today's (26 weeks) and each back-test month end's (its next
 * 4 weeks, with the cash actually collected in them).
 */
export const forecastSums = pgTable(
  'forecast_sums',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    level: text().$type<ForecastLevel>().notNull(),
    key: text().notNull(), // the account's or family's code, the dim1 id or user id, '' for the client
    fromDate: date().notNull(),
    expected: doublePrecision().array().notNull(),
    variance: doublePrecision().array().notNull(),
    actual: doublePrecision().array(), // back-test days only
    // Back-test days only: the simple rules' weeks (the due-date rule's, then the customer-mean rule's; RULES).
    rules: doublePrecision().array(),
    later: doublePrecision().notNull(),
    disputed: doublePrecision().notNull(),
    notExpected: doublePrecision().notNull(),
    open: doublePrecision().notNull(),
    // GUEST and REPRESENTATIVE rows: the user's accounts when built (their count and the sum of their
    // codes' hashes); a reassignment since changes it, and the row is not used.
    mark: text(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.level, t.key, t.fromDate] }),
    check('forecast_sums_level', sql`${t.level} in ('CLIENT', 'DIM1', 'FAMILY', 'ACCOUNT', 'GUEST', 'REPRESENTATIVE')`),
  ],
);

/**
 * The client-wide lateness profiles (a dim1 value's and the client's) known on a day, which every
 * prediction falls back on: one row per profile, its points as parallel arrays by days late.
 */
export const forecastProfiles = pgTable(
  'forecast_profiles',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    knownThrough: date().notNull(),
    level: text().$type<'DIM1' | 'CLIENT'>().notNull(),
    key: text().notNull(), // the dim1 id, '' for the client
    label: text(),
    late: integer().array().notNull(),
    count: integer().array().notNull(),
    amount: doublePrecision().array().notNull(),
    open: doublePrecision().array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.knownThrough, t.level, t.key] }),
    check('forecast_profiles_level', sql`${t.level} in ('DIM1', 'CLIENT')`),
  ],
);
