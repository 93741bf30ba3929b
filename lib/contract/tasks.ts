import { z } from 'zod';
import { MIN_SEARCH_LENGTH, NOTIFICATIONS_PAGE_SIZE } from '@/lib/constants';
import { ZClientIdParam, ZIsoDate, ZPaging } from './common';

const ZId = z.coerce.number().int().positive();
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
  // Spec: the status filter defaults to OPEN; ALL lists both.
  status: z.enum([...TASK_STATUSES, 'ALL']).default('OPEN'),
});
export type TTasksQuery = z.infer<typeof ZTasksQuery>;

export const ZCreateTaskBody = z.object({
  clientId: ZClientIdParam,
  name: z.string().trim().min(3, 'give the task a name of at least 3 characters').max(200),
  sysObligorCode: ZCode.optional(),
  sysInvoiceNum: z.array(ZCode).max(50, 'at most 50 invoices per task').default([]),
  assigneeId: ZId,
  categoryId: ZId,
  dueDate: ZIsoDate,
}).refine((b) => b.sysInvoiceNum.length === 0 || b.sysObligorCode, {
  message: 'choose the customer the invoices belong to', path: ['sysObligorCode'],
});
export type TCreateTaskBody = z.infer<typeof ZCreateTaskBody>;

export const ZCloseTaskBody = z.object({
  clientId: ZClientIdParam,
  comment: z.string().trim().min(1, 'say how the task was closed').max(2000),
});

export const ZAssignTaskBody = z.object({ clientId: ZClientIdParam, assigneeId: ZId });

export const ZNotificationsQuery = z.object({
  clientId: ZClientIdParam,
  status: z.enum(['NEW', 'READ']).default('NEW'),
  offset: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});

export const ZUsersQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  nameOrEmail: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100).optional(),
  role: z.enum(['guest', 'representative']).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

export const ZTaskIdParam = z.object({ id: ZId });
