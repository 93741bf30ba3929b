import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';

export const taskCategories = pgTable(
  'task_categories',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull(),
    taskCategory: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const tasks = pgTable(
  'tasks',
  {
    clientId: integer().notNull(),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    sysObligorCode: text(),
    categoryId: integer().notNull(),
    assigneeId: integer().notNull(),
    reporterId: integer().notNull(),
    status: text().$type<'OPEN' | 'CLOSED'>().notNull().default('OPEN'),
    dueDate: date().notNull(),
    comment: text(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.categoryId], foreignColumns: [taskCategories.clientId, taskCategories.id] }),
    index('tasks_assignee').on(t.clientId, t.assigneeId, t.status, t.dueDate),
    index('tasks_obligor').on(t.clientId, t.sysObligorCode),
    check('tasks_status', sql`${t.status} in ('OPEN', 'CLOSED')`),
  ],
);

/** The invoices a task is about (the spec's sysInvoiceNum list). */
export const taskInvoices = pgTable(
  'task_invoices',
  {
    clientId: integer().notNull(),
    taskId: integer().notNull(),
    sysInvoiceNum: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.taskId, t.sysInvoiceNum] }),
    foreignKey({ columns: [t.clientId, t.taskId], foreignColumns: [tasks.clientId, tasks.id] }),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    clientId: integer().notNull(),
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    message: text().notNull(),
    fromName: text(),
    fromId: integer(),
    associationId: integer(), // the task it is about
    // What happened (TASK_ASSIGNED, TASK_CLOSED, TASK_DUE_TOMORROW, TASK_OVERDUE): lets the daily job
    // send one reminder per task and day.
    kind: text(),
    status: text().$type<'NEW' | 'READ'>().notNull().default('NEW'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('notifications_user').on(t.clientId, t.userId, t.status, t.createdAt),
    index('notifications_association').on(t.clientId, t.associationId, t.kind, t.createdAt),
    check('notifications_status', sql`${t.status} in ('NEW', 'READ')`),
  ],
);

export const emailTemplates = pgTable('email_templates', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id),
  subject: text().notNull(),
  body: text().notNull(),
});

export const reports = pgTable(
  'reports',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.code] })],
);
