'use client';

import ky, { type KyInstance } from 'ky';
import { z } from 'zod';
import { fillPath, type CallContract, type CallInput, type CallResult } from '@/lib/contract/call';
import { TOTAL_RECORDS_HEADER } from '@/lib/contract/common';
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
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops every client-side cache of the signed-out user
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

/** Query parameters as the server reads them: repeated keys for arrays, nothing for empty values. */
function searchParamsOf(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  return params;
}

/**
 * The one typed client of the browser: a call of the table with its inputs, answered with the
 * call's response type (a page of rows with its total, for paged calls). Development builds
 * check the answer against the call's schema, as the server's tests do.
 */
export async function callApi<C extends CallContract>(contract: C, input: CallInput<C>): Promise<CallResult<C>> {
  const path = fillPath(contract.path, input.params as Record<string, unknown> | undefined).replace(/^\//, '');
  const response = await api(path, {
    method: contract.method,
    searchParams: searchParamsOf(input.query as Record<string, unknown> | undefined),
    ...(contract.body === 'multipart'
      ? { body: input.body as FormData, timeout: false }
      : input.body !== undefined && { json: input.body }),
  });
  const { answer } = contract;
  if (answer.kind === 'file' || answer.kind === 'redirect') return response as CallResult<C>;
  const body: unknown = await response.json();
  if (answer.kind === 'paged') {
    if (process.env.NODE_ENV === 'development') z.array(answer.row).parse(body);
    return { rows: body, total: Number(response.headers.get(TOTAL_RECORDS_HEADER) ?? 0) } as CallResult<C>;
  }
  if (process.env.NODE_ENV === 'development') answer.schema.parse(body);
  return body as CallResult<C>;
}
