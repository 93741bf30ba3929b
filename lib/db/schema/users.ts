import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';

/** Shared catalogue of page features and permissions (not tenant data). */
export const pages = pgTable('pages', {
  featureType: text().primaryKey(),
  kind: text().$type<'PAGE' | 'PERMISSION'>().notNull(),
  label: text().notNull(),
  sortOrder: smallint().notNull(),
});

export const roles = pgTable(
  'roles',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), unique('roles_code').on(t.clientId, t.code)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    clientId: integer().notNull(),
    roleId: integer().notNull(),
    featureType: text()
      .notNull()
      .references(() => pages.featureType),
    accessValue: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.roleId, t.featureType] }),
    foreignKey({ columns: [t.clientId, t.roleId], foreignColumns: [roles.clientId, roles.id] }),
  ],
);

export const users = pgTable(
  'users',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    userType: text().$type<'borrowers' | 'investors'>().notNull(),
    roleId: integer().notNull(),
    status: text().$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    phone: text(),
    passwordHash: text().notNull(),
    failedAttempts: smallint().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    // Bumped to end every session of the user ("sign out everywhere", password reset).
    sessionVersion: integer().notNull().default(1),
    lastSignInAt: timestamp({ withTimezone: true }),
    // A customer user: bound to this customer (a parent: its whole family; else that account), and
    // reaching only the customer portal of it. Null for staff.
    customerCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // Sign-in takes only an email, so emails are unique across tenants.
    unique('users_email').on(t.email),
    index('users_customer').on(t.clientId, t.customerCode),
    foreignKey({ columns: [t.clientId, t.roleId], foreignColumns: [roles.clientId, roles.id] }),
    check('users_type', sql`${t.userType} in ('borrowers', 'investors')`),
    check('users_status', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
  ],
);

/** A user's own page list (ordered) and permissions; empty means "no permission data". */
export const userPagePermissions = pgTable(
  'user_page_permissions',
  {
    clientId: integer().notNull(),
    userId: integer().notNull(),
    featureType: text()
      .notNull()
      .references(() => pages.featureType),
    accessValue: boolean().notNull().default(true),
    position: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId, t.featureType] }),
    foreignKey({ columns: [t.clientId, t.userId], foreignColumns: [users.clientId, users.id] }),
  ],
);

/** Password-reset and unlock tokens: only a hash is stored; single use, expiring. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    purpose: text().$type<'RESET_PASSWORD' | 'UNLOCK_ACCOUNT' | 'CUSTOMER_LINK'>().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.userId], foreignColumns: [users.clientId, users.id] }),
  ],
);

/**
 * Sessions ended before their cookie expires (sign-out): the sealed cookie cannot be recalled, so
 * its id is refused until the cookie would have expired anyway (then the row is pruned).
 */
export const revokedSessions = pgTable('revoked_sessions', {
  sid: text().primaryKey(),
  clientId: integer().notNull(),
  userId: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The edit log: append-only and tamper-evident. A trigger (drizzle/ hand SQL) numbers each client's
 * entries (seq), chains each to the previous one (prev_hash) and seals it (hash = sha256 of the
 * entry and prev_hash); another refuses UPDATE and DELETE, except DELETE of entries older than 8
 * years (retention). seq and hash carry placeholders here because the trigger always sets them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    userId: integer(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    detail: jsonb(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seq: bigint({ mode: 'number' }).notNull().default(0),
    prevHash: text(),
    hash: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('audit_log_at').on(t.clientId, t.at),
    uniqueIndex('audit_log_chain').on(t.clientId, t.seq),
  ],
);
