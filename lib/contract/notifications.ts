import { z } from 'zod';
import { MAX_PAGE_NUMBER, NOTIFICATIONS_PAGE_SIZE } from '@/lib/constants';
import { API_ACCESS } from './access';
import { ZOk } from './auth';
import { call, json, paged } from './call';
import { ZClientIdParam, ZId } from './common';

export const NOTIFICATION_STATUSES = ['NEW', 'READ'] as const;

export const ZNotificationsQuery = z.object({
  clientId: ZClientIdParam,
  status: z.enum(NOTIFICATION_STATUSES).default('NEW'),
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1),
  count: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});

export const ZNotificationIdParam = z.object({ id: ZId });

/** One notification of the bell: what happened, from whom, and the task it is about. */
export const ZNotification = z.strictObject({
  id: z.number().int(),
  message: z.string(),
  /** The name of whoever caused it; null for the daily reminders. */
  from: z.string().nullable(),
  fromId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The task it is about. */
  associationId: z.number().int().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
});
export type TNotification = z.infer<typeof ZNotification>;

// ---- Calls ----

/** Each user's own bell, whatever their user type. */
const access = { requirement: API_ACCESS.notifications };

export const notificationCalls = {
  list: call({
    method: 'GET',
    path: '/notifications',
    access,
    query: ZNotificationsQuery,
    summary: "The user's NEW or READ notifications, newest first",
    answer: paged(ZNotification),
  }),
  markAsRead: call({
    method: 'POST',
    path: '/notifications/{id}/markasread',
    access,
    params: ZNotificationIdParam,
    summary: "Marks one of the user's notifications read",
    answer: json(ZOk),
  }),
  markAllAsRead: call({
    method: 'POST',
    path: '/notifications/markallasread',
    access,
    summary: "Marks all the user's new notifications read; answers how many",
    answer: json(z.strictObject({ ok: z.literal(true), marked: z.number().int() })),
  }),
};
