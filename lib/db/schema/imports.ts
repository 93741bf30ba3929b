import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * One import batch (CLI or upload) and its report. A failed batch wrote nothing to the ledger; its
 * row is recorded after the rollback so that the admin page can show why.
 */
export const imports = pgTable(
  'imports',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    source: text().$type<'CLI' | 'UPLOAD'>().notNull(),
    userId: integer(), // the uploading user; null from the command line
    status: text().$type<'SUCCEEDED' | 'FAILED'>().notNull(),
    // [{ name, kind, rows }] in the order read.
    files: jsonb().notNull(),
    // { obligors: { rows, inserted, updated, unchanged }, invoices: ..., ... }
    counts: jsonb().notNull(),
    errorCount: integer().notNull().default(0),
    // The first errors (file, line, column, reason), capped; errorCount has them all.
    errors: jsonb().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    durationMs: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('imports_started').on(t.clientId, t.startedAt),
    check('imports_source', sql`${t.source} in ('CLI', 'UPLOAD')`),
    check('imports_status', sql`${t.status} in ('SUCCEEDED', 'FAILED')`),
  ],
);
