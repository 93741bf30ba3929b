import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * A customer owing money to the client. A parent obligor is an obligor with no parent of its own;
 * its family is itself plus every obligor naming it as parent.
 */
export const obligors = pgTable(
  'obligors',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    sysObligorCode: text().notNull(),
    parentSysObligorCode: text(),
    name: text().notNull(),
    businessId: text(), // GSTIN for Indian customers
    info: text(),
    email: text(),
    phone: text(),
    city: text(),
    // Postal address printed on statements and reminder PDFs (lines split by newlines).
    address: text(),
    tradeChannel: text(), // General Trade, Modern Trade, Institutional, Export (the ERP's customer group)
    creditLimit: numeric({ precision: 18, scale: 2 }),
    dim1Id: integer(),
    dim2Id: integer(),
    dim3Id: integer(),
    dim4Id: integer(),
    dim5Id: integer(),
    dim6Id: integer(),
    guestId: integer(), // field officer
    representativeId: integer(), // area sales manager
    rmId: integer(), // relationship manager
    rmAssociationDimId: integer(),
    // Customer portal: POSTPAID customers are billed on credit; PREPAID ones keep an advance
    // (advance_topups) that their invoices draw down.
    accountType: text().$type<'POSTPAID' | 'PREPAID'>().notNull().default('POSTPAID'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('obligors_account_type', sql`${t.accountType} in ('POSTPAID', 'PREPAID')`),
    primaryKey({ columns: [t.clientId, t.sysObligorCode] }),
    foreignKey({ columns: [t.clientId, t.parentSysObligorCode], foreignColumns: [t.clientId, t.sysObligorCode] }),
    // With the limit, so that a family's member count and credit limit are read from the index
    // alone, in family order (customer analysis, credit limits, the totals).
    index('obligors_parent').on(t.clientId, t.parentSysObligorCode, t.creditLimit),
    // Each customer's family from the index alone: the worklist maps a month of communications (and
    // promises, disputes) to families through it without reading every customer's row.
    index('obligors_family_of').on(t.clientId, t.sysObligorCode, t.parentSysObligorCode),
    index('obligors_name').on(t.clientId, t.name),
    // Row-level scope and the manage-customer filters (lib/server/obligors/obligor-scope.ts).
    index('obligors_guest').on(t.clientId, t.guestId),
    index('obligors_representative').on(t.clientId, t.representativeId),
    index('obligors_rm').on(t.clientId, t.rmId),
  ],
);

/**
 * Dated rating history: 1 low, 2 medium, 3 high risk. The latest row on or before a date applies.
 * Each row also knows the day the next one takes over (`valid_until`, null for the latest) and the
 * rating before it, kept by a trigger on every insert, update and delete (migration 0015), so that
 * the ratings in force on a date, with their shift, are one range read rather than a lookup per
 * obligor.
 */
export const obligorRatings = pgTable(
  'obligor_ratings',
  {
    clientId: integer().notNull(),
    sysObligorCode: text().notNull(),
    ratingDate: date().notNull(),
    rating: smallint().notNull(),
    validUntil: date(),
    previousRating: smallint(),
    previousRatingDate: date(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.sysObligorCode, t.ratingDate] }),
    // valid_until itself last: PostgreSQL answers an indexed expression from the index alone only
    // when the index holds the columns it reads, so counting the ratings in force needs no heap.
    index('obligor_ratings_in_force').on(
      t.clientId,
      sql`coalesce(${t.validUntil}, 'infinity'::date)`,
      t.ratingDate,
      t.validUntil,
    ),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    check('obligor_ratings_range', sql`${t.rating} between 1 and 3`),
  ],
);

export const creditLimitHistory = pgTable(
  'credit_limit_history',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    effectiveDate: date().notNull(),
    creditLimit: numeric({ precision: 18, scale: 2 }).notNull(),
    changedBy: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('credit_limit_history_obligor').on(t.clientId, t.sysObligorCode, t.effectiveDate),
  ],
);

export const communications = pgTable(
  'communications',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    commDate: date().notNull(),
    channel: text().$type<'CALL' | 'EMAIL' | 'VISIT' | 'PROMISE_TO_PAY' | 'WHATSAPP'>().notNull(),
    summary: text().notNull(),
    promisedAmount: numeric({ precision: 18, scale: 2 }),
    followUpDate: date(),
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('communications_obligor').on(t.clientId, t.sysObligorCode, t.commDate),
    check('communications_channel', sql`${t.channel} in ('CALL', 'EMAIL', 'VISIT', 'PROMISE_TO_PAY', 'WHATSAPP')`),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    name: text().notNull(),
    role: text(),
    email: text(),
    phone: text(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('contacts_obligor').on(t.clientId, t.sysObligorCode),
  ],
);
