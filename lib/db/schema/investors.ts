import { date, foreignKey, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { clients } from './clients';

// Originators, securities and offerings form the shared marketplace; holdings belong to the
// investor firm (tenant) that owns them.

/** A client company whose receivables back securities. */
export const originators = pgTable('originators', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  originClientId: integer()
    .notNull()
    .references(() => clients.id),
  name: text().notNull(),
  sector: text().notNull(),
  rating: text().notNull(),
  description: text(),
});

export const securities = pgTable('securities', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  originatorId: integer()
    .notNull()
    .references(() => originators.id),
  isin: text().notNull().unique(),
  name: text().notNull(),
  poolSize: numeric({ precision: 18, scale: 2 }).notNull(),
  couponRate: numeric({ precision: 5, scale: 2 }).notNull(),
  tenorMonths: smallint().notNull(),
  issueDate: date().notNull(),
  maturityDate: date().notNull(),
  rating: text().notNull(),
  status: text().$type<'ACTIVE' | 'MATURED' | 'OFFERED'>().notNull(),
});

export const offerings = pgTable('offerings', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  securityId: integer()
    .notNull()
    .references(() => securities.id),
  size: numeric({ precision: 18, scale: 2 }).notNull(),
  minTicket: numeric({ precision: 18, scale: 2 }).notNull(),
  amountTaken: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
  openDate: date().notNull(),
  closeDate: date().notNull(),
});

export const holdings = pgTable(
  'holdings',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    securityId: integer()
      .notNull()
      .references(() => securities.id),
    units: integer().notNull(),
    investedAmount: numeric({ precision: 18, scale: 2 }).notNull(),
    investedOn: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), index('holdings_security').on(t.clientId, t.securityId)],
);

export const holdingCashflows = pgTable(
  'holding_cashflows',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    holdingId: integer().notNull(),
    dueDate: date().notNull(),
    expectedAmount: numeric({ precision: 18, scale: 2 }).notNull(),
    receivedAmount: numeric({ precision: 18, scale: 2 }),
    receivedDate: date(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.holdingId], foreignColumns: [holdings.clientId, holdings.id] }),
  ],
);
