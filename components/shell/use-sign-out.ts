'use client';

import { MESSAGES } from '@/lib/constants';
import { callApi } from '@/lib/client/api';
import { authCalls } from '@/lib/contract/auth';
import { flashToast } from '@/components/feedback/toast';

/**
 * Sign-out completes locally even when the server call fails (spec section 4): the signed-out
 * marker cookie makes the HttpOnly session count as gone, and a full navigation to '/' drops
 * every cached page; the failure toast is carried over that navigation.
 */
export function useSignOut(): () => Promise<void> {
  return async () => {
    try {
      await callApi(authCalls.signOut, {});
    } catch {
      flashToast(MESSAGES.signOutFailed);
      document.cookie = 'rd_signed_out=1; path=/; samesite=lax';
    }
    document.cookie = 'rd_popup=false; path=/; samesite=lax';
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops every client-side cache of the signed-out user
    window.location.assign('/');
  };
}
