import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** A tenant: a company selling on credit (BORROWER) or an investor firm (INVESTOR). */
export const clients = pgTable(
  'clients',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    kind: text().$type<'BORROWER' | 'INVESTOR'>().notNull().default('BORROWER'),
    currency: text().notNull().default('INR'),
    locale: text().notNull().default('en-IN'),
    // Every instant (sign-ins, imports, task history) is shown in this IANA time zone, on every page.
    timeZone: text().notNull().default('Asia/Kolkata'),
    // Ageing boundaries in days: buckets are 1..b1, b1+1..b2, b2+1..b3, over b3.
    bucket1: smallint().notNull().default(30),
    bucket2: smallint().notNull().default(60),
    bucket3: smallint().notNull().default(90),
    dim1Name: text().notNull().default('Region'),
    dim2Name: text().notNull().default('Branch'),
    dim3Name: text().notNull().default('Channel'),
    // Risk colours of the rating chips and charts (spec section 3): low, medium, high, unspecified.
    riskColourLow: text().notNull().default('#059669'),
    riskColourMedium: text().notNull().default('#d97706'),
    riskColourHigh: text().notNull().default('#e11d48'),
    riskColourUnrated: text().notNull().default('#94a3b8'),
    // Where customers pay: the UPI address (VPA) of every payment link and QR code, and the bank
    // account printed beside it for NEFT/RTGS. Unset: reminders and statements carry no payment link.
    upiVpa: text(),
    bankName: text(),
    bankAccountName: text(),
    bankAccountNumber: text(),
    bankIfsc: text(),
    // Rupees: a reminder or portal page asking for more offers bank transfer instead of UPI (lib/domain/upi.ts).
    upiLimit: numeric({ precision: 18, scale: 2 }).notNull().default('100000'),
    // The letterhead of statements and reminder PDFs: postal address (lines split by newlines), GSTIN,
    // and a small logo as a data URL (PNG or JPEG; bounded so that every PDF stays small).
    address: text(),
    gstin: text(),
    logo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'clients_buckets_ascending',
      sql`0 < ${t.bucket1} and ${t.bucket1} < ${t.bucket2} and ${t.bucket2} < ${t.bucket3}`,
    ),
    check('clients_kind', sql`${t.kind} in ('BORROWER', 'INVESTOR')`),
    check('clients_logo_size', sql`length(${t.logo}) <= 140000`),
  ],
);

export const clientFeatures = pgTable(
  'client_features',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    feature: text().notNull(),
    enabled: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.feature] })],
);

/** integrationUpdateTime: last successful import; viewUpdateTime: last rollup refresh. */
export const dataUpdateTimes = pgTable('data_update_times', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id),
  integrationUpdateTime: timestamp({ withTimezone: true }),
  viewUpdateTime: timestamp({ withTimezone: true }),
  /** The integration update time of the ledger the ageing history was built from: equal while it is current. */
  historyLedgerTime: timestamp({ withTimezone: true }),
  /** When a customer's field officer or area sales manager last changed outside an import (manage customers). */
  assignmentsChangedAt: timestamp({ withTimezone: true }),
  /** The assignments the ageing history's collector levels were built with: equal while they are current. */
  historyAssignmentsAt: timestamp({ withTimezone: true }),
});

/** Values of the client's dimensions dim1..dim6 (dim1 = Region, dim2 = Branch, ...). */
export const dimensionValues = pgTable(
  'dimension_values',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    dimLevel: smallint().notNull(),
    name: text().notNull(),
    parentId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    unique('dimension_values_name').on(t.clientId, t.dimLevel, t.name),
    check('dimension_values_level', sql`${t.dimLevel} between 1 and 6`),
    foreignKey({ columns: [t.clientId, t.parentId], foreignColumns: [t.clientId, t.id] }),
  ],
);
