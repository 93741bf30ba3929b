'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { todayIso } from '@/lib/domain/dates';
import { DEFAULT_TIME_ZONE } from '@/lib/domain/instants';

/** The signed-in client's time zone for browser code: instants read as on the server's pages. */
const TimeZone = createContext<string>(DEFAULT_TIME_ZONE);

export function ClientClock({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZone.Provider value={timeZone}>{children}</TimeZone.Provider>;
}

export function useTimeZone(): string {
  return useContext(TimeZone);
}

/** The client's today, in its time zone (not the browser's), for a date field's default and bound. */
export function useClientToday(): string {
  return todayIso(new Date(), useTimeZone());
}
