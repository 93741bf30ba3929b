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
  boolean,
  text,
  unique,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { obligors } from './obligors';

/**
 * Money a prepaid customer paid in advance (customer portal). The advance balance at a
 * date = top-ups on or before it - the net amount of the customer's documents issued from the first
 * top-up to that date (the invoices draw the advance down, credit notes give it back).
 */
export const advanceTopups = pgTable(
  'advance_topups',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    topupDate: date().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    reference: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('advance_topups_obligor').on(t.clientId, t.sysObligorCode, t.topupDate),
    check('advance_topups_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A customer's remittance advice ("I have paid"): what they say they paid, when, by which UTR or
 * cheque, against which bills. Shown to the collector; holds back reminders of those bills for the
 * client's grace period (dunning_policies.remittance_grace_days); the first evidence cash
 * application looks for (OPEN until a receipt is matched to it).
 */
export const remittanceAdvices = pgTable(
  'remittance_advices',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    /** The customer the advice is from (the bound customer of the user who sent it). */
    sysObligorCode: text().notNull(),
    userId: integer(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    paidOn: date().notNull(),
    /** UTR of a NEFT/RTGS/IMPS/UPI payment, or the cheque number. */
    reference: text().notNull(),
    /** sys_invoice_num of each bill it pays. */
    invoices: text().array().notNull(),
    status: text().$type<'OPEN' | 'MATCHED'>().notNull().default('OPEN'),
    /** The bank line whose application matched it (MATCHED); undoing the line opens it again. */
    lineId: integer(),
    /** Reminders of its bills wait until this day: the client's today when it came plus the grace days. */
    holdsUntil: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('remittance_advices_obligor').on(t.clientId, t.sysObligorCode, t.createdAt),
    // Reminders look up the advices still holding bills back.
    index('remittance_advices_holding').on(t.clientId, t.holdsUntil),
    check('remittance_advices_positive', sql`${t.amount} > 0`),
    check('remittance_advices_status', sql`${t.status} in ('OPEN', 'MATCHED')`),
  ],
);

/**
 * A client's statement schedule: each customer with a balance (optionally only those of one
 * dimension value) is emailed its statement PDF and XLSX, monthly on a day of the month (1..28) or
 * weekly on a weekday (1 Monday .. 7 Sunday), by the daily job on that day.
 */
export const statementSchedules = pgTable(
  'statement_schedules',
  {
    clientId: integer()
      .notNull()
      .primaryKey()
      .references(() => clients.id),
    enabled: boolean().notNull().default(false),
    frequency: text().$type<'MONTHLY' | 'WEEKLY'>().notNull().default('MONTHLY'),
    day: smallint().notNull().default(1),
    // One dimension value (dimension_values.id of level dimLevel): only that value's customers.
    dimLevel: smallint(),
    dimValueId: integer(),
    openItemsOnly: boolean().notNull().default(true),
    // A hand-picked list of customer codes (families' heads or accounts): only those; null: every one.
    customerCodes: text().array(),
    userId: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('statement_schedules_frequency', sql`${t.frequency} in ('MONTHLY', 'WEEKLY')`),
    check(
      'statement_schedules_day',
      sql`(${t.frequency} = 'MONTHLY' and ${t.day} between 1 and 28) or (${t.frequency} = 'WEEKLY' and ${t.day} between 1 and 7)`,
    ),
    check('statement_schedules_dim', sql`(${t.dimLevel} is null) = (${t.dimValueId} is null)`),
  ],
);

/**
 * One customer's statement of one period (2026-11 monthly, W2026-11-23 weekly: its Monday): unique,
 * so a second run of the same period sends none. A failure stays on its row (FAILED, the error) and
 * is tried again by the next run of the period.
 */
export const statementSends = pgTable(
  'statement_sends',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    period: text().notNull(),
    sysObligorCode: text().notNull(),
    recipient: text(),
    status: text().$type<'SENDING' | 'SENT' | 'FAILED'>().notNull(),
    error: text(),
    communicationId: integer(),
    userId: integer(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    unique('statement_sends_period').on(t.clientId, t.sysObligorCode, t.period),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    check('statement_sends_status', sql`${t.status} in ('SENDING', 'SENT', 'FAILED')`),
  ],
);
