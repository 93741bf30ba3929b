'use client';

import ky, { type KyInstance } from 'ky';
import { saveReturnPath } from './redirect-after-sign-in';

const SIGN_IN_PATH = '/api/sign_in';

/**
 * The browser's API client. A 401 from any call but sign-in means the session is gone: the
 * current path and hash are kept for after sign-in, the session cookie is cleared, and the user
 * goes to the sign-in page.
 */
export const api: KyInstance = ky.create({
  prefixUrl: '/api',
  credentials: 'same-origin',
  retry: 0,
  timeout: 30_000,
  hooks: {
    afterResponse: [
      async (request, _options, response) => {
        if (response.status !== 401 || new URL(request.url).pathname === SIGN_IN_PATH) return;
        saveReturnPath(`${window.location.pathname}${window.location.search}${window.location.hash}`);
        await fetch('/api/borrowers/sign_out', { method: 'DELETE' }).catch(() => undefined);
        window.location.assign('/');
      },
    ],
  },
});

/** The message of an API error body, for showing next to a form. */
export async function apiErrorMessage(error: unknown): Promise<{ message: string; fields?: Record<string, string> }> {
  const response = (error as { response?: Response }).response;
  if (!response) return { message: 'Cannot reach the server. Check your connection and try again.' };
  try {
    const body = (await response.clone().json()) as { message?: string; fields?: Record<string, string> };
    return { message: body.message ?? `Request failed (${response.status})`, fields: body.fields };
  } catch {
    return { message: `Request failed (${response.status})` };
  }
}
