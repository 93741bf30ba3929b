import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
