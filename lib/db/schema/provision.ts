import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * The forward-looking adjustment of the provision matrix, per segment (the CFO's view of what is
 * coming, IFRS 9 B5.5.52): the historical loss rates of the segment scaled by (1 + percent / 100),
 * for a reason. `level` is how the customers are segmented ('client', 'dim1'..'dim3'); `key` the
 * segment ('' for the client as a whole, a dimension value's id). Every change is in the edit log.
 */
export const provisionAdjustments = pgTable(
  'provision_adjustments',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    level: text().notNull(),
    key: text().notNull(),
    percent: numeric({ precision: 7, scale: 2 }).notNull(),
    reason: text().notNull(),
    setBy: integer(),
    setAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.level, t.key] })],
);

/**
 * A request to write off (part of) an invoice as a bad debt: asked by one user with the reason,
 * decided by another (four eyes). On approval the WRITE_OFF document `write_off_num` is written
 * against the invoice in the same transaction. Every step is in the edit log.
 */
export const writeOffRequests = pgTable(
  'write_off_requests',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysInvoiceNum: text().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    reason: text().notNull(),
    status: text().$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
    requestedBy: integer().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    /** The approval's ledger date (the client's day) and the document written. */
    writtenOffOn: date(),
    writeOffNum: text(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('write_off_requests_status').on(t.clientId, t.status, t.requestedAt),
    check('write_off_requests_amount', sql`${t.amount} > 0`),
    check('write_off_requests_status', sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
  ],
);
