import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { TApiError } from '@/lib/contract/errors';
import { reportError } from '@/lib/server/observability/report-error';

const STATUS: Record<TApiError['error'], number> = {
  bad_request: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, too_many_requests: 429, internal: 500,
};

export class ApiError extends Error {
  constructor(readonly code: TApiError['error'], message: string, readonly fields?: Record<string, string>) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const unauthorized = () => new ApiError('unauthorized', 'Sign in to continue');
export const forbidden = (message = 'You do not have access to this') => new ApiError('forbidden', message);
export const notFound = (what = 'Resource') => new ApiError('not_found', `${what} not found`);

/** Field messages keyed by the dotted path of the offending input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorResponse(error: unknown): NextResponse<TApiError> {
  if (error instanceof z.ZodError) {
    const fields = fieldErrors(error);
    const summary = Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; ');
    return NextResponse.json({ error: 'bad_request', message: `Invalid input (${summary})`, fields }, { status: 400 });
  }
  if (error instanceof ApiError) {
    const body: TApiError = { error: error.code, message: error.message, ...(error.fields && { fields: error.fields }) };
    return NextResponse.json(body, { status: error.status });
  }
  reportError(error);
  return NextResponse.json({ error: 'internal', message: 'Something went wrong' }, { status: 500 });
}
