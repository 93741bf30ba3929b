'use client';

import { useEffect } from 'react';
import { CHECK_IN_INTERVAL_MS } from '@/lib/constants';
import { api } from '@/lib/client/api';

/** Calls check_in every 5 minutes: keeps an active session alive, and a 401 sends the user to sign-in. */
export function CheckIn() {
  useEffect(() => {
    const timer = setInterval(() => void api.get('borrowers/check_in').catch(() => undefined), CHECK_IN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}
