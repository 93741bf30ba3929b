'use client';

import { useEffect } from 'react';
import { CHECK_IN_INTERVAL_MS } from '@/lib/constants';
import { callApi } from '@/lib/client/api';
import { authCalls } from '@/lib/contract/auth';

/** Calls check_in every 5 minutes: keeps an active session alive, and a 401 sends the user to sign-in. */
export function CheckIn() {
  useEffect(() => {
    const timer = setInterval(() => void callApi(authCalls.checkIn, {}).catch(() => undefined), CHECK_IN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}
