import { integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
