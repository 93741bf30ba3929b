'use client';

import { useRouter } from 'next/navigation';
import { MESSAGES } from '@/lib/constants';
import { api } from '@/lib/client/api';
import { useToast } from '@/components/feedback/toast';

/**
 * Sign-out completes locally even when the server call fails (spec section 4): the signed-out
 * marker cookie makes the HttpOnly session count as gone, and the user goes to '/' by a client
 * navigation, so that the failure toast stays on screen.
 */
export function useSignOut(): () => Promise<void> {
  const toast = useToast();
  const router = useRouter();
  return async () => {
    try {
      await api.delete('borrowers/sign_out');
    } catch {
      toast(MESSAGES.signOutFailed);
      document.cookie = 'rd_signed_out=1; path=/; samesite=lax';
    }
    document.cookie = 'rd_popup=false; path=/; samesite=lax';
    router.replace('/');
    router.refresh();
  };
}
