import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { ZMoney } from './ageing';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZPaging, ZId, zChosenId, zRequiredDay } from './common';
import { ZInvoiceDetail } from './receivables';

const ZCode = z.string().trim().min(1).max(64);

export const TASK_STATUSES = ['OPEN', 'CLOSED'] as const;

export const ZTasksQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  assigneeId: ZId.optional(),
  reporterId: ZId.optional(),
  categoryId: ZId.optional(),
  sysObligorCode: ZCode.optional(),
  /** The tasks of a family: the parent's and its members'. */
  parentSysObligorCode: ZCode.optional(),
  sysInvoiceNum: ZCode.optional(),
  /** Words of the task's name, or of its customer's name or code (3+ characters). */
  search: z
    .string()
    .trim()
    .min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`)
    .max(100)
    .optional(),
  // Spec: the status filter defaults to OPEN; ALL lists both.
  status: z.enum([...TASK_STATUSES, 'ALL']).default('OPEN'),
});
export type TTasksQuery = z.infer<typeof ZTasksQuery>;

export const ZCreateTaskBody = z
  .object({
    clientId: ZClientIdParam,
    name: z.string().trim().min(3, 'give the task a name of at least 3 characters').max(200),
    sysObligorCode: ZCode.optional(),
    sysInvoiceNum: z.array(ZCode).max(50, 'at most 50 invoices per task').default([]),
    assigneeId: zChosenId('choose who does the task'),
    categoryId: ZId,
    dueDate: zRequiredDay('choose the due date'),
  })
  .refine((b) => b.sysInvoiceNum.length === 0 || b.sysObligorCode, {
    message: 'choose the customer the invoices belong to',
    path: ['sysObligorCode'],
  });
export type TCreateTaskBody = z.infer<typeof ZCreateTaskBody>;

export const ZCloseTaskBody = z.object({
  clientId: ZClientIdParam,
  comment: z.string().trim().min(1, 'say how the task was closed').max(2000),
});

export const ZAssignTaskBody = z.object({ clientId: ZClientIdParam, assigneeId: ZId });

export const ZTaskIdParam = z.object({ id: ZId });

// ---- Answers ----

/** One collection task with its customer, invoices, people and category. */
export const ZTaskRow = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  sysObligorCode: z.string().nullable(),
  obligorName: z.string().nullable(),
  sysInvoiceNum: z.array(z.string()),
  /** Still owed today on the task's invoices; null when it has none. */
  openAmount: ZMoney.nullable(),
  /** Days past due of its most overdue open invoice (negative: not yet due); null when none is open. */
  daysPastDue: z.number().int().nullable(),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  reporterId: z.number().int(),
  reporterName: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  status: z.enum(TASK_STATUSES),
  dueDate: z.string(),
  comment: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TTaskRow = z.infer<typeof ZTaskRow>;

/** What happened to a task: its audit trail and the notifications it raised. */
export const ZTaskEvent = z.strictObject({ at: z.string(), text: z.string() });
export type TTaskEvent = z.infer<typeof ZTaskEvent>;

export const ZTaskCategory = z.strictObject({ taskCategoryId: z.number().int(), taskCategory: z.string() });
export type TTaskCategory = z.infer<typeof ZTaskCategory>;

// ---- Calls ----

const access = { userType: 'borrowers', requirement: API_ACCESS.tasks } as const;

export const taskCalls = {
  list: call({
    method: 'GET',
    path: '/tasks',
    access,
    query: ZTasksQuery,
    summary: 'Tasks the user may see, filtered and paged; open ones by due date first',
    answer: paged(ZTaskRow),
  }),
  create: call({
    method: 'POST',
    path: '/tasks',
    access,
    body: ZCreateTaskBody,
    summary: 'Creates a task on a customer and its invoices; the assignee is notified',
    answer: json(ZTaskRow),
  }),
  get: call({
    method: 'GET',
    path: '/tasks/{id}',
    access,
    params: ZTaskIdParam,
    summary: 'One task the user may see',
    answer: json(ZTaskRow),
  }),
  close: call({
    method: 'POST',
    path: '/tasks/{id}/close',
    access,
    params: ZTaskIdParam,
    body: ZCloseTaskBody,
    summary: 'The assignee, the reporter or a task manager closes the task with a comment',
    answer: json(ZTaskRow),
  }),
  assign: call({
    method: 'POST',
    path: '/tasks/{id}/assign',
    access,
    params: ZTaskIdParam,
    body: ZAssignTaskBody,
    summary: 'Hands an open task to another user, who is notified',
    answer: json(ZTaskRow),
  }),
  history: call({
    method: 'GET',
    path: '/tasks/{id}/history',
    access,
    params: ZTaskIdParam,
    summary: "The task's history, oldest first: created, closed, and who was notified",
    answer: json(z.array(ZTaskEvent)),
  }),
  invoices: call({
    method: 'GET',
    path: '/tasks/{id}/invoices',
    access,
    params: ZTaskIdParam,
    summary: "The task's invoices with their ageing today (those of customers outside the user's scope left out)",
    answer: json(z.array(ZInvoiceDetail)),
  }),
  categories: call({
    method: 'GET',
    path: '/taskcategories',
    access,
    summary: "The client's task categories, 'Others' always among them",
    answer: json(z.array(ZTaskCategory)),
  }),
};
