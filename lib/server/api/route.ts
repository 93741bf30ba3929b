import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { TOTAL_RECORDS_HEADER } from '@/lib/contract/common';
import type { CallContract } from '@/lib/contract/call';
import { getDb } from '@/lib/db/client';
import { readSession, type SessionData } from '@/lib/server/auth/session-cookie';
import { currentSessionClient } from '@/lib/server/auth/current-session';
import { clearSessionCookie, setSessionCookie } from '@/lib/server/auth/session-response';
import { execute } from '@/lib/server/calls/execute';
import { withClientRow, type ClientRow } from '@/lib/server/clients/get-client';
import type { ServedCall, SessionCookieChange } from '@/lib/server/calls/serve';
import { forbidden, invalid, unauthorized, unsupportedType } from '@/lib/server/domain-errors';
import { requestScheme } from '@/lib/server/http/client-address';
import { readCapped } from '@/lib/server/http/read-body';
import { withRequestLog } from '@/lib/server/observability/request-log';
import { errorResponse } from './errors';

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: NextRequest, context: RouteContext) => Promise<Response>) & { served: ServedCall };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The HTTP binding of one call of the table: every `app/api/**\/route.ts` is `export const GET = route(calls.x)`.
 * The transport's own checks live here (CSRF origin, session cookie, the tenant named in the URL,
 * JSON body); the call's access, parsing and service run in `execute`, as for a page.
 */
export function route<C extends CallContract>(served: ServedCall<C>): RouteHandler {
  const handler = withRequestLog(async (req: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      checkOrigin(req);
      const db = await getDb();
      const { session, client } = await sessionOf(req, served.contract, db);
      const params = await flatParams(context);
      if (session) assertOwnTenant(session, req, params);
      const body = served.contract.body && served.contract.body !== 'multipart' ? await readJson(req) : undefined;
      const { result, cookie } = await withClientRow(client, () =>
        execute(
          served,
          { db, session, headers: req.headers, request: req },
          {
            params,
            query: searchParamsObject(req.nextUrl.searchParams),
            body,
          },
        ),
      );
      return noStore(await respond(served.contract, result, cookie));
    } catch (error) {
      return noStore(errorResponse(error));
    }
  });
  return Object.assign(handler, { served: served as ServedCall });
}

/**
 * Public calls see the cookie's session as it is (sign-out ends it); the others need it current,
 * and get their client's row with the check.
 */
async function sessionOf(
  req: NextRequest,
  contract: CallContract,
  db: Parameters<typeof currentSessionClient>[0],
): Promise<{ session: SessionData | null; client: ClientRow | null }> {
  const session = await readSession((name) => req.cookies.get(name)?.value);
  if (contract.access === 'public') return { session, client: null };
  const client = session && (await currentSessionClient(db, session));
  if (!session || !client) throw unauthorized();
  return { session, client };
}

/**
 * A change must come from our own pages: the Origin, when the browser sends one (it does on every
 * cross-site POST/PUT/DELETE; tools without it are not a CSRF vector), must match scheme, host and
 * port. `null`, an unparseable value or another scheme is refused like another site.
 */
function checkOrigin(req: NextRequest): void {
  if (!MUTATING.has(req.method)) return;
  const origin = req.headers.get('origin');
  if (origin === null) return;
  if (!ownOrigins(req).has(origin.toLowerCase())) throw forbidden('Cross-site request refused');
}

function ownOrigins(req: NextRequest): Set<string> {
  const host = (req.headers.get('host') ?? req.nextUrl.host).toLowerCase();
  const own = new Set([`${requestScheme(req.headers, req.nextUrl.protocol)}://${host}`]);
  const appUrl = process.env.APP_URL;
  if (appUrl && URL.canParse(appUrl)) own.add(new URL(appUrl).origin.toLowerCase());
  return own;
}

/** Answers may carry one user's data: no browser or proxy cache keeps them. */
function noStore(response: Response): Response {
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
  return response;
}

async function flatParams(context: RouteContext | undefined): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
}

/** The spec passes clientId on most calls; it may only ever name the signed-in user's client. */
function assertOwnTenant(session: SessionData, req: NextRequest, params: Record<string, string>): void {
  const named = [params.clientId, req.nextUrl.searchParams.get('clientId'), req.nextUrl.searchParams.get('client_id')];
  for (const value of named) {
    if (value != null && value !== '' && value !== String(session.clientId)) throw forbidden('Not your client');
  }
}

/** The largest JSON body any call takes (a task with its invoices, a contact): far above real use. */
const MAX_JSON_BYTES = 1024 * 1024;

async function readJson(req: NextRequest): Promise<unknown> {
  if (req.body === null) return undefined;
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  // text/plain is what a cross-site form can send without a preflight: JSON comes as JSON only.
  if (type !== 'application/json') throw unsupportedType('Send the request body as application/json');
  const bytes = await readCapped(req.body, MAX_JSON_BYTES, 'The request body');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw invalid('The request body must be JSON', { _: 'invalid JSON' });
  }
  if (depthOver(value, MAX_JSON_DEPTH)) {
    throw invalid(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`, { _: 'nested too deep' });
  }
  return value;
}

/** No call's body nests past a few levels (a task's invoices, a split's lines); the checks and messages below recurse. */
export const MAX_JSON_DEPTH = 16;

/** Whether a parsed JSON value nests deeper than `limit` objects or arrays: a walk without recursion. */
function depthOver(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Repeated keys become arrays (sysInvoiceNum=a&sysInvoiceNum=b); empty values are dropped. */
function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    if (value === '') continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

async function respond(contract: CallContract, result: unknown, cookie: SessionCookieChange): Promise<Response> {
  let response: Response;
  if (contract.answer.kind === 'json') response = NextResponse.json(result ?? null, { status: contract.answer.status });
  else if (contract.answer.kind === 'paged') {
    const page = result as { rows: unknown[]; total: number };
    response = NextResponse.json(page.rows, { headers: { [TOTAL_RECORDS_HEADER]: String(page.total) } });
  } else response = result as Response;
  if (!(response instanceof NextResponse)) return response;
  if (cookie.set) return setSessionCookie(response, cookie.set);
  if (cookie.clear) return clearSessionCookie(response);
  return response;
}
