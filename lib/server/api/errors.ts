import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { fieldErrors, type TApiError } from '@/lib/contract/errors';
import { databaseWaitReason, RETRY_AFTER_SECONDS } from '@/lib/db/wait-errors';
import { DomainError, type DomainErrorKind } from '@/lib/server/domain-errors';
import { reportError } from '@/lib/server/observability/report-error';

/** How each refusal of the domain reads over HTTP: the error code of the body and the status. */
const HTTP: Record<DomainErrorKind, { code: TApiError['error']; status: number }> = {
  invalid: { code: 'bad_request', status: 400 },
  unauthorized: { code: 'unauthorized', status: 401 },
  forbidden: { code: 'forbidden', status: 403 },
  not_found: { code: 'not_found', status: 404 },
  conflict: { code: 'conflict', status: 409 },
  too_large: { code: 'payload_too_large', status: 413 },
  unsupported_type: { code: 'unsupported_media_type', status: 415 },
  rate_limited: { code: 'too_many_requests', status: 429 },
};

export function errorResponse(error: unknown): NextResponse<TApiError> {
  if (error instanceof z.ZodError) {
    const fields = fieldErrors(error);
    const summary = Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    return NextResponse.json({ error: 'bad_request', message: `Invalid input (${summary})`, fields }, { status: 400 });
  }
  if (error instanceof DomainError) {
    const { code, status } = HTTP[error.kind];
    const body: TApiError = { error: code, message: error.message, ...(error.fields && { fields: error.fields }) };
    return NextResponse.json(body, { status });
  }
  const wait = databaseWaitReason(error);
  if (wait) {
    // An operational event, not a defect: one short line (the driver's words, not the whole statement).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'database wait',
        reason: wait,
        detail: String((cause as Error).message ?? cause),
      }),
    );
    return NextResponse.json(
      { error: 'unavailable', message: `The database could not answer in time (${wait}). Try again in a few seconds.` },
      { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
    );
  }
  reportError(error);
  return NextResponse.json({ error: 'internal', message: 'Something went wrong' }, { status: 500 });
}
