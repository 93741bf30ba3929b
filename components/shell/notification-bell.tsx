'use client';

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { MESSAGES, NOTIFICATION_REFRESH_MS, NOTIFICATIONS_PAGE_SIZE } from '@/lib/constants';
import { callApi } from '@/lib/client/api';
import { usePagedList } from '@/lib/client/use-paged-list';
import { notificationCalls, type TNotification } from '@/lib/contract/notifications';
import { WarningBox } from '@/components/feedback/warning-box';
import { NotificationItem } from '@/components/notifications/notification-item';

const LISTS = {
  NEW: { query: { status: 'NEW', count: NOTIFICATIONS_PAGE_SIZE } },
  READ: { query: { status: 'READ', count: NOTIFICATIONS_PAGE_SIZE } },
} as const;

/**
 * The bell and its panel (spec section 2): new notifications with a count badge, 'Mark all read'
 * and a dismiss button each; previous notifications below. Both lists refresh every 120 s; a list
 * that fails shows an alert; failed actions are ignored silently.
 */
export function NotificationBell() {
  const router = useRouter();
  const fresh = usePagedList(notificationCalls.list, LISTS.NEW, NOTIFICATION_REFRESH_MS);
  const previous = usePagedList(notificationCalls.list, LISTS.READ, NOTIFICATION_REFRESH_MS);

  const markRead = async (item: TNotification) => {
    fresh.setRows((rows) => rows.filter((r) => r.id !== item.id), -1);
    await callApi(notificationCalls.markAsRead, { params: { id: item.id } }).catch(() => undefined);
    void previous.reload();
  };
  const markAllRead = async () => {
    fresh.setRows(() => [], -fresh.total);
    await callApi(notificationCalls.markAllAsRead, {}).catch(() => undefined);
    void previous.reload();
  };
  const open = (close: () => void) => async (item: TNotification) => {
    if (item.status === 'NEW') await markRead(item);
    close();
    if (item.associationId) router.push(`/borrowers/tasks/${item.associationId}`);
  };

  return (
    <Popover className="relative">
      <PopoverButton
        className="relative rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        aria-label="Notifications"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9"
          />
        </svg>
        {fresh.total > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 min-w-[18px] rounded-full bg-rose-600 px-1 text-center text-[10px] font-semibold leading-[18px] text-white"
          >
            {fresh.total > 99 ? '99+' : fresh.total}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-40 mt-2 flex max-h-[70vh] w-96 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
      >
        {({ close }) => (
          <div className="overflow-y-auto">
            <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
              <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                New notifications
                <span
                  className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-700"
                  data-testid="new-count"
                >
                  {fresh.total}
                </span>
              </h2>
              {fresh.rows.length > 0 && (
                <button
                  type="button"
                  onClick={() => void markAllRead()}
                  className="text-xs font-medium text-brand-700 hover:underline"
                >
                  Mark all read
                </button>
              )}
            </div>
            {fresh.error ? (
              <div className="p-3">
                <WarningBox kind="error" />
              </div>
            ) : fresh.rows.length === 0 && fresh.loading ? (
              <p className="px-4 py-6 text-center text-sm text-slate-400">Loading…</p>
            ) : fresh.rows.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500">{MESSAGES.nothingNew}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {fresh.rows.map((item) => (
                  <NotificationItem
                    key={item.id}
                    item={item}
                    onOpen={open(close)}
                    onDismiss={(n) => void markRead(n)}
                  />
                ))}
              </ul>
            )}
            {fresh.total > NOTIFICATIONS_PAGE_SIZE && (
              <p className="px-4 py-2 text-center text-xs text-slate-500" data-testid="more-marker">
                and {fresh.total - fresh.rows.length} more
              </p>
            )}
            <h2 className="border-y border-slate-100 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              Previous notifications
            </h2>
            {previous.error ? (
              <div className="p-3">
                <WarningBox kind="error" />
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {previous.rows.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={open(close)} />
                ))}
              </ul>
            )}
            {previous.total > NOTIFICATIONS_PAGE_SIZE && (
              <p className="px-4 py-2 text-center text-xs text-slate-500">more</p>
            )}
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
