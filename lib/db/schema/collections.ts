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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { obligors } from './obligors';

/**
 * How a client chases its customers: one policy per client (a new client gets the default one,
 * lib/domain/dunning.ts), with its levels below. Grouping FAMILY sends one message per family,
 * ACCOUNT one per customer account; nothing is sent for less than `min_amount` overdue, nor to a
 * customer reminded in the last `quiet_days` days.
 */
export const dunningPolicies = pgTable(
  'dunning_policies',
  {
    clientId: integer()
      .primaryKey()
      .references(() => clients.id),
    enabled: boolean().notNull().default(true),
    grouping: text().$type<'FAMILY' | 'ACCOUNT'>().notNull().default('FAMILY'),
    minAmount: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
    quietDays: smallint().notNull().default(7),
    // Days a customer's "I have paid" holds back reminders of the bills it names (remittance_advices).
    remittanceGraceDays: smallint().notNull().default(5),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    check('dunning_policies_grouping', sql`${t.grouping} in ('FAMILY', 'ACCOUNT')`),
    check('dunning_policies_quiet_days', sql`${t.quietDays} between 0 and 90`),
  ],
);

/**
 * A level of a policy: reached when the oldest overdue item is `days` days past its due date
 * (negative: before it falls due). EMAIL sends the template; WHATSAPP prepares the message for the
 * collector; TASK makes a task for the collector or their manager.
 */
export const dunningLevels = pgTable(
  'dunning_levels',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    level: smallint().notNull(),
    days: smallint().notNull(),
    channel: text().$type<'EMAIL' | 'WHATSAPP' | 'TASK'>().notNull(),
    taskFor: text().$type<'COLLECTOR' | 'MANAGER'>(),
    subject: text().notNull(),
    body: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.level] }),
    check('dunning_levels_channel', sql`${t.channel} in ('EMAIL', 'WHATSAPP', 'TASK')`),
    check('dunning_levels_task_for', sql`${t.taskFor} is null or ${t.taskFor} in ('COLLECTOR', 'MANAGER')`),
  ],
);

/** One run of the reminders: the daily job's or a user's "Run now"; a dry run is the preview and sends nothing. */
export const dunningRuns = pgTable(
  'dunning_runs',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    runDate: date().notNull(),
    trigger: text().$type<'DAILY' | 'MANUAL'>().notNull(),
    dryRun: boolean().notNull(),
    userId: integer(),
    status: text().$type<'RUNNING' | 'DONE' | 'FAILED'>().notNull().default('RUNNING'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Touched as each message goes: a RUNNING run whose runner stopped touching it died, and is resumed.
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('dunning_runs_date').on(t.clientId, t.runDate),
    check('dunning_runs_trigger', sql`${t.trigger} in ('DAILY', 'MANUAL')`),
    check('dunning_runs_status', sql`${t.status} in ('RUNNING', 'DONE', 'FAILED')`),
  ],
);

/**
 * A message of a run, to a family (its parent's code) or an account. A message is claimed SENDING
 * before it goes and marked SENT once it went; SENDING and SENT rows are unique per customer and day,
 * so a second run the same day sends nothing twice, and a run resumed after its runner died sends
 * again only what it had claimed and not yet marked (with the same Message-ID).
 */
export const dunningMessages = pgTable(
  'dunning_messages',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    runId: integer().notNull(),
    sysObligorCode: text().notNull(),
    level: smallint().notNull(),
    channel: text().$type<'EMAIL' | 'WHATSAPP' | 'TASK'>().notNull(),
    amountDue: numeric({ precision: 18, scale: 2 }).notNull(),
    oldestDays: integer().notNull(),
    recipient: text(),
    status: text().$type<'PREVIEW' | 'SENDING' | 'SENT' | 'FAILED' | 'SKIPPED'>().notNull(),
    error: text(),
    sentOn: date().notNull(),
    communicationId: integer(),
    taskId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.runId], foreignColumns: [dunningRuns.clientId, dunningRuns.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('dunning_messages_run').on(t.clientId, t.runId),
    index('dunning_messages_obligor').on(t.clientId, t.sysObligorCode, t.sentOn),
    uniqueIndex('dunning_messages_once_a_day')
      .on(t.clientId, t.sysObligorCode, t.sentOn)
      .where(sql`${t.status} in ('SENDING', 'SENT')`),
    check('dunning_messages_status', sql`${t.status} in ('PREVIEW', 'SENDING', 'SENT', 'FAILED', 'SKIPPED')`),
  ],
);

/**
 * A promise to pay `amount` by `promised_date`, on a family (`on_family`: payments by any of its
 * accounts count), an account, or some of its invoices (promise_invoices). Its status is checked
 * after each import and each day: KEPT when the payments made since it was taken reach the amount
 * by the date, PARTIAL or BROKEN once the date has passed without them.
 */
export const promises = pgTable(
  'promises',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    onFamily: boolean().notNull().default(false),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    promisedDate: date().notNull(),
    takenOn: date().notNull(),
    channel: text().$type<'CALL' | 'EMAIL' | 'VISIT' | 'WHATSAPP' | 'PDC'>().notNull(),
    promisedBy: text(), // who at the customer gave it
    userId: integer(), // who took it
    status: text().$type<'OPEN' | 'KEPT' | 'PARTIAL' | 'BROKEN'>().notNull().default('OPEN'),
    paidAmount: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
    closedOn: date(),
    communicationId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Set on every write (a new status too): the stored forecast recomputes the families changed since it was built.
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('promises_obligor').on(t.clientId, t.sysObligorCode, t.status),
    index('promises_changed').on(t.clientId, t.changedAt),
    index('promises_open')
      .on(t.clientId, t.promisedDate)
      .where(sql`${t.status} = 'OPEN'`),
    check('promises_status', sql`${t.status} in ('OPEN', 'KEPT', 'PARTIAL', 'BROKEN')`),
    check('promises_channel', sql`${t.channel} in ('CALL', 'EMAIL', 'VISIT', 'WHATSAPP', 'PDC')`),
    check('promises_amount', sql`${t.amount} > 0`),
  ],
);

export const promiseInvoices = pgTable(
  'promise_invoices',
  {
    clientId: integer().notNull(),
    promiseId: integer().notNull(),
    sysInvoiceNum: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.promiseId, t.sysInvoiceNum] }),
    foreignKey({ columns: [t.clientId, t.promiseId], foreignColumns: [promises.clientId, promises.id] }),
  ],
);

/**
 * A customer's dispute of some invoices: `amount` of them is contested for `reason`. While OPEN that
 * amount (over its invoices, oldest due first) is left out of reminders and its invoices are shown
 * "in dispute" in the ageing views; it is RESOLVED with an outcome. Raised by a collector (user_id) or by the customer on the portal (portal_user_id).
 */
export const disputes = pgTable(
  'disputes',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    reason: text().$type<'PRICING' | 'QUANTITY' | 'QUALITY' | 'NOT_RECEIVED' | 'DUPLICATE' | 'OTHER'>().notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    note: text(),
    status: text().$type<'OPEN' | 'RESOLVED'>().notNull().default('OPEN'),
    openedOn: date().notNull(),
    userId: integer(),
    portalUserId: integer(),
    outcome: text().$type<'CREDIT_NOTE' | 'CUSTOMER_TO_PAY' | 'WRITTEN_OFF'>(),
    resolvedOn: date(),
    resolvedBy: integer(),
    resolution: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Set on every write (its resolution too): the stored forecast recomputes the families changed since it was built.
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('disputes_obligor').on(t.clientId, t.sysObligorCode, t.status),
    index('disputes_changed').on(t.clientId, t.changedAt),
    check(
      'disputes_reason',
      sql`${t.reason} in ('PRICING', 'QUANTITY', 'QUALITY', 'NOT_RECEIVED', 'DUPLICATE', 'OTHER')`,
    ),
    check('disputes_status', sql`${t.status} in ('OPEN', 'RESOLVED')`),
    check(
      'disputes_outcome',
      sql`${t.outcome} is null or ${t.outcome} in ('CREDIT_NOTE', 'CUSTOMER_TO_PAY', 'WRITTEN_OFF')`,
    ),
    check('disputes_amount', sql`${t.amount} > 0`),
  ],
);

export const disputeInvoices = pgTable(
  'dispute_invoices',
  {
    clientId: integer().notNull(),
    disputeId: integer().notNull(),
    sysInvoiceNum: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.disputeId, t.sysInvoiceNum] }),
    foreignKey({ columns: [t.clientId, t.disputeId], foreignColumns: [disputes.clientId, disputes.id] }),
    index('dispute_invoices_invoice').on(t.clientId, t.sysInvoiceNum),
  ],
);

/**
 * When a customer account goes on credit hold (dispatch stops): over its own credit limit, debt
 * more than `days_past_due` days past due, `broken_promises` promises broken or part-kept in the
 * last 90 days, or `returned_cheques` cheques returned unpaid in the last `returned_cheque_days`
 * days. A null rule is off. No row: the default (lib/domain/credit-holds.ts).
 */
export const creditHoldRules = pgTable(
  'credit_hold_rules',
  {
    clientId: integer()
      .primaryKey()
      .references(() => clients.id),
    overLimit: boolean().notNull().default(true),
    daysPastDue: smallint(),
    brokenPromises: smallint(),
    /** This many cheques returned unpaid in the last `returned_cheque_days` days (null: off). */
    returnedCheques: smallint().default(2),
    returnedChequeDays: smallint().notNull().default(180),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    check('credit_hold_rules_days', sql`${t.daysPastDue} is null or ${t.daysPastDue} between 1 and 365`),
    check('credit_hold_rules_promises', sql`${t.brokenPromises} is null or ${t.brokenPromises} between 1 and 20`),
    check('credit_hold_rules_cheques', sql`${t.returnedCheques} is null or ${t.returnedCheques} between 1 and 20`),
    check('credit_hold_rules_cheque_days', sql`${t.returnedChequeDays} between 1 and 730`),
  ],
);

/** An approver lets a held account ship until `expires_on`, with the reason (audited). */
export const creditHoldReleases = pgTable(
  'credit_hold_releases',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    sysObligorCode: text().notNull(),
    reason: text().notNull(),
    releasedBy: integer().notNull(),
    releasedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresOn: date().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.sysObligorCode],
      foreignColumns: [obligors.clientId, obligors.sysObligorCode],
    }),
    index('credit_hold_releases_obligor').on(t.clientId, t.sysObligorCode, t.expiresOn),
  ],
);
