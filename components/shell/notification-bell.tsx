'use client';

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';

/** The bell's place in the top bar. The panel's lists arrive with the tasks and notifications work. */
export function NotificationBell() {
  return (
    <Popover className="relative">
      <PopoverButton className="rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700" aria-label="Notifications">
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
          <path strokeLinecap="round" strokeLinejoin="round" d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9" />
        </svg>
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-40 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg">
        <p className="font-semibold text-slate-900">Notifications</p>
        <p className="mt-2 text-slate-500">Task notifications are not switched on yet for this workspace.</p>
      </PopoverPanel>
    </Popover>
  );
}
