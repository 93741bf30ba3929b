import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A staff user's email digest of the dashboard's figures: daily, or weekly on a weekday (1 Monday ..
 * 7 Sunday), sent by the daily job in the client's morning. One row per user; off until saved.
 */
export const digestSubscriptions = pgTable(
  'digest_subscriptions',
  {
    clientId: integer().notNull(),
    userId: integer().notNull(),
    frequency: text().$type<'DAILY' | 'WEEKLY'>().notNull(),
    weekday: smallint(),
    enabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    foreignKey({ columns: [t.clientId, t.userId], foreignColumns: [users.clientId, users.id] }),
    check('digest_subscriptions_frequency', sql`${t.frequency} in ('DAILY', 'WEEKLY')`),
    check(
      'digest_subscriptions_weekday',
      sql`(${t.frequency} = 'DAILY' and ${t.weekday} is null) or (${t.frequency} = 'WEEKLY' and ${t.weekday} between 1 and 7)`,
    ),
  ],
);

/**
 * One user's digest of one period (D2026-11-29 daily, W2026-11-23 weekly: its Monday): unique, so a
 * second run of the same period sends none. A failure stays on its row (FAILED, the error) and is
 * tried again by the next run of the period.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    period: text().notNull(),
    asOf: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    status: text().$type<'SENDING' | 'SENT' | 'FAILED'>().notNull(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    unique('digest_sends_period').on(t.clientId, t.userId, t.period),
    foreignKey({ columns: [t.clientId, t.userId], foreignColumns: [users.clientId, users.id] }),
    check('digest_sends_status', sql`${t.status} in ('SENDING', 'SENT', 'FAILED')`),
  ],
);
