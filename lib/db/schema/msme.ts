import { sql } from 'drizzle-orm';
import {
  boolean,
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
  unique,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { obligors } from './obligors';

/**
 * The client as an MSME supplier (lib/domain/msmed-interest.ts): its Udyam registration and
 * category (interest under MSMED s16 is owed to micro and small enterprises only), whether reminders
 * and statements state the interest, and the GST rate of an interest debit note (CGST s15(2)(d):
 * interest is part of the value of the supply, taxed at the goods' rate). No row: not registered.
 */
export const msmeSettings = pgTable(
  'msme_settings',
  {
    clientId: integer()
      .primaryKey()
      .references(() => clients.id),
    udyamNumber: text(),
    category: text().$type<'MICRO' | 'SMALL' | 'MEDIUM'>(),
    addInterestToReminders: boolean().notNull().default(false),
    addInterestToStatements: boolean().notNull().default(false),
    interestGstRate: numeric({ precision: 5, scale: 2 }).notNull().default('18'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    check('msme_settings_category', sql`${t.category} is null or ${t.category} in ('MICRO', 'SMALL', 'MEDIUM')`),
    check('msme_settings_gst', sql`${t.interestGstRate} between 0 and 28`),
  ],
);

/**
 * The RBI Bank Rate the client's interest is worked out with, each in force from its day to the
 * next row's (the admin keeps it). A client without rows uses the product's cited table
 * (lib/domain/bank-rates.ts).
 */
export const bankRates = pgTable(
  'bank_rates',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    effectiveFrom: date().notNull(),
    ratePercent: numeric({ precision: 5, scale: 2 }).notNull(),
    source: text(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.effectiveFrom] }),
    check('bank_rates_rate', sql`${t.ratePercent} > 0 and ${t.ratePercent} < 50`),
  ],
);

/**
 * A customer's MSMED terms: the credit period agreed in writing (s15 counts at most 45 days of it;
 * null: none agreed, 15 days) and an opt-out (the client chooses not to claim interest from it).
 */
export const msmeTerms = pgTable(
  'msme_terms',
  {
    clientId: integer().notNull(),
    sysObligorCode: text().notNull(),
    agreedCreditDays: smallint(),
    optOut: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.sysObligorCode] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    check('msme_terms_days', sql`${t.agreedCreditDays} is null or ${t.agreedCreditDays} between 0 and 365`),
  ],
);

/**
 * A cheque received from a customer (the PDC register): RECEIVED, then DEPOSITED, then CLEARED or
 * RETURNED with the bank's reason. A post-dated cheque is also a promise to pay on its date
 * (`promise_id`); a return starts the Negotiable Instruments Act s138 clock (lib/domain/cheques.ts).
 */
export const cheques = pgTable(
  'cheques',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    chequeNumber: text().notNull(),
    bankName: text().notNull(),
    chequeDate: date().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    receivedOn: date().notNull(),
    status: text().$type<'RECEIVED' | 'DEPOSITED' | 'CLEARED' | 'RETURNED'>().notNull().default('RECEIVED'),
    depositedOn: date(),
    clearedOn: date(),
    returnedOn: date(),
    returnReason: text(),
    promiseId: integer(),
    note: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    unique('cheques_number').on(t.clientId, t.sysObligorCode, t.bankName, t.chequeNumber),
    index('cheques_obligor').on(t.clientId, t.sysObligorCode, t.chequeDate),
    index('cheques_to_deposit')
      .on(t.clientId, t.chequeDate)
      .where(sql`${t.status} = 'RECEIVED'`),
    check('cheques_status', sql`${t.status} in ('RECEIVED', 'DEPOSITED', 'CLEARED', 'RETURNED')`),
    check('cheques_amount', sql`${t.amount} > 0`),
  ],
);

/** The invoices a cheque is for. */
export const chequeInvoices = pgTable(
  'cheque_invoices',
  {
    clientId: integer().notNull(),
    chequeId: integer().notNull(),
    sysInvoiceNum: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.chequeId, t.sysInvoiceNum] }),
    foreignKey({ columns: [t.clientId, t.chequeId], foreignColumns: [cheques.clientId, cheques.id] }),
  ],
);
