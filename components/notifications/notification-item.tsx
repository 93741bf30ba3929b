'use client';

import type { TNotification } from '@/lib/contract/notifications';
import { useTimeZone } from '@/components/shell/client-clock';
import { notificationTime } from './notification-time';

export function NotificationItem({
  item,
  onOpen,
  onDismiss,
}: {
  item: TNotification;
  onOpen: (item: TNotification) => void;
  onDismiss?: (item: TNotification) => void;
}) {
  const unread = item.status === 'NEW';
  const timeZone = useTimeZone();
  return (
    <li className={`group flex items-start gap-3 px-4 py-3 ${unread ? 'bg-brand-50/60' : ''} hover:bg-slate-50`}>
      {unread && <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" />}
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="min-w-0 flex-1 text-left"
        data-testid="notification"
      >
        <p className={`text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}>{item.message}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {item.from ?? 'Receivables Desk'} · {notificationTime(item.createdAt, timeZone)}
        </p>
      </button>
      {onDismiss && (
        <button
          type="button"
          onClick={() => onDismiss(item)}
          aria-label="Dismiss notification"
          className="rounded p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700"
        >
          ✕
        </button>
      )}
    </li>
  );
}
