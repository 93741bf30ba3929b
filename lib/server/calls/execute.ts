import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import type { CallContract, CallResult } from '@/lib/contract/call';
import { satisfies } from '@/lib/domain/access';
import { asOfDateProblem } from '@/lib/domain/as-of';
import { obligorScope, ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import type { Db } from '@/lib/db/client';
import { asStatementOrigin } from '@/lib/db/statement-log';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { clientToday } from '@/lib/server/clients/client-day';
import { customerScopeOf } from '@/lib/server/obligors/obligor-scope';
import { forbidden, invalid, notFound, unauthorized } from '@/lib/server/domain-errors';
import type { CallContext, ServedCall, SessionCookieChange } from './serve';

/** Who is calling: the session (already checked current), the request's headers and, over HTTP, the request. */
export interface Caller {
  db: Db;
  session: SessionData | null;
  headers: Headers;
  request?: NextRequest;
}

/** The inputs as they arrived: path parameters, query parameters and the JSON body, unparsed. */
export interface RawInput {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/**
 * Runs one call for a caller: access, parsing with the call's schemas, the service, and (outside
 * production) the answer checked against the call's response schema. The one path every call
 * takes, whether it comes over HTTP (`lib/server/api/route.ts`) or from a page (`lib/backend`).
 */
export async function execute<C extends CallContract>(
  served: ServedCall<C>,
  caller: Caller,
  raw: RawInput,
): Promise<{ result: CallResult<C>; cookie: SessionCookieChange }> {
  const { contract } = served;
  const session = checkAccess(contract, caller.session);
  refuseNul(raw);
  const params = contract.params ? parseParams(contract.params, raw.params) : undefined;
  const query = contract.query ? contract.query.parse(raw.query ?? {}) : undefined;
  if (session) await refuseLaterDate(caller.db, session.clientId, query);
  const body = contract.body && contract.body !== 'multipart' ? contract.body.parse(raw.body) : undefined;
  const cookie: SessionCookieChange = {};
  const ctx = {
    db: caller.db,
    session,
    scope: !session
      ? ALL_OBLIGORS
      : session.customer
        ? await customerScopeOf(caller.db, session.clientId, session.customer)
        : obligorScope(session),
    params,
    query,
    body,
    headers: caller.headers,
    request: caller.request,
    cookie,
  } as CallContext<C>;
  const result = await asStatementOrigin(served.id, () => served.run(ctx));
  if (VALIDATE_ANSWERS) checkAnswer(served, result);
  return { result, cookie };
}

function checkAccess(contract: CallContract, session: SessionData | null): SessionData | null {
  if (contract.access === 'public') return session;
  if (!session) throw unauthorized();
  if (contract.access === 'signedIn') return session;
  // A customer user reaches only the calls of the customer's door; everything else of the client is closed.
  if (session.customer && !contract.access.customers) throw forbidden();
  if (contract.access.userType && session.userType !== contract.access.userType) throw forbidden();
  if (!satisfies(session, contract.access.requirement)) throw forbidden();
  return session;
}

/**
 * PostgreSQL text cannot hold a NUL character: such input would fail in the database as a 500, so
 * it is refused here for every call at once (a path naming it names nothing: 404).
 */
function refuseNul(raw: RawInput): void {
  if (nulAt(raw.params) !== null) throw notFound();
  for (const input of [raw.query, raw.body]) {
    const field = nulAt(input);
    if (field !== null) {
      throw invalid(`${field || 'The input'} may not contain a NUL character`, {
        [field || '_']: 'may not contain a NUL character',
      });
    }
  }
}

/**
 * The "as of" `date` of a figure (receivables, customers, credit limits, reports…) may not be after
 * the client's today: the ledger has no figures for it yet, and ageing it would call every bill
 * overdue. One check for every call that takes one.
 */
async function refuseLaterDate(db: Db, clientId: number, query: unknown): Promise<void> {
  const date = (query as { date?: unknown } | undefined)?.date;
  if (typeof date !== 'string') return;
  const problem = asOfDateProblem(date, await clientToday(db, clientId));
  if (problem) throw invalid(`date: ${problem}`, { date: problem });
}

/** The dotted path of the first string holding a NUL character, or null when there is none. */
function nulAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulAt(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** A path that names nothing that can exist (`/tasks/abc`, `/tasks/99999999999`) is a page not found. */
function parseParams(schema: z.ZodType, raw: Record<string, unknown> | undefined): unknown {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * Tests and development check every answer against its schema, so a service and its contract
 * cannot drift apart unnoticed; production trusts them and saves the work. VALIDATE_ANSWERS=1 forces it.
 */
const VALIDATE_ANSWERS =
  process.env.VALIDATE_ANSWERS === '1' ||
  (process.env.NODE_ENV !== 'production' && process.env.VALIDATE_ANSWERS !== '0');

export class AnswerOutsideContract extends Error {}

function checkAnswer(served: ServedCall, result: unknown): void {
  const { answer } = served.contract;
  let parsed: { success: boolean; error?: z.ZodError };
  if (answer.kind === 'json') parsed = answer.schema.safeParse(result);
  else if (answer.kind === 'paged') {
    const page = result as { rows?: unknown; total?: unknown };
    parsed = z.object({ rows: z.array(answer.row), total: z.number().int().min(0) }).safeParse(page);
  } else parsed = { success: result instanceof Response };
  if (parsed.success) return;
  const detail = parsed.error ? z.prettifyError(parsed.error) : 'expected a Response';
  throw new AnswerOutsideContract(`${served.id} answered outside its response schema:\n${detail}`);
}
