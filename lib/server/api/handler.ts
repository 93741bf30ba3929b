import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { satisfies, type RouteRequirement } from '@/lib/domain/access';
import { obligorScope, type ObligorScope } from '@/lib/domain/obligor-scope';
import type { UserType } from '@/lib/domain/features';
import { TOTAL_RECORDS_HEADER } from '@/lib/contract/common';
import { getDb, type Db } from '@/lib/db/client';
import { readSession, type SessionData } from '@/lib/server/auth/session-cookie';
import { isSessionCurrent } from '@/lib/server/auth/current-session';
import { withRequestLog } from '@/lib/server/observability/request-log';
import { forbidden, invalid, unauthorized } from '@/lib/server/domain-errors';
import { errorResponse } from './errors';

/** A page of rows whose total goes to the x-totalrecords header. */
export class PagedResult<T> {
  constructor(readonly rows: T[], readonly total: number) {}
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

interface BaseOptions<Q extends z.ZodType, B extends z.ZodType> {
  query?: Q;
  body?: B;
}

interface ProtectedOptions<Q extends z.ZodType, B extends z.ZodType> extends BaseOptions<Q, B> {
  userType?: UserType;
  requirement?: RouteRequirement | null;
}

export interface ApiContext<Q, B> {
  req: NextRequest;
  db: Db;
  session: SessionData;
  /** The user's row-level scope over obligors: pass it to every service that returns customer data. */
  scope: ObligorScope;
  query: Q;
  body: B;
  params: Record<string, string>;
}

type Handler<Q, B> = (ctx: ApiContext<Q, B>) => Promise<unknown>;
type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one wrapper every protected API route goes through: session (and its version), user type,
 * route permission, tenant (a clientId in the path or query must be the session's), CSRF origin
 * check, parameter parsing with the contract, and JSON errors. Handlers get the tenant from
 * ctx.session.clientId only.
 */
export function apiRoute<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  options: ProtectedOptions<Q, B>,
  handler: Handler<Infer<Q>, Infer<B>>,
) {
  return withRequestLog(async (req: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      checkOrigin(req);
      const session = await readSession((name) => req.cookies.get(name)?.value);
      const db = await getDb();
      if (!session || !(await isSessionCurrent(db, session))) throw unauthorized();
      if (options.userType && session.userType !== options.userType) throw forbidden();
      if (!satisfies(session, options.requirement ?? null)) throw forbidden();
      const params = await flatParams(context);
      assertOwnTenant(session, req, params);
      const { query, body } = await parseInput(req, options);
      return toResponse(await handler({ req, db, session, scope: obligorScope(session), query, body, params } as ApiContext<Infer<Q>, Infer<B>>));
    } catch (error) {
      return errorResponse(error);
    }
  });
}

/** A route open without a session (sign-in and account recovery). */
export function publicApiRoute<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  options: BaseOptions<Q, B>,
  handler: (ctx: Omit<ApiContext<Infer<Q>, Infer<B>>, 'session' | 'scope'>) => Promise<unknown>,
) {
  return withRequestLog(async (req: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      checkOrigin(req);
      const params = await flatParams(context);
      const { query, body } = await parseInput(req, options);
      return toResponse(await handler({ req, db: await getDb(), query, body, params } as never));
    } catch (error) {
      return errorResponse(error);
    }
  });
}

function checkOrigin(req: NextRequest): void {
  if (!MUTATING.has(req.method)) return;
  const origin = req.headers.get('origin');
  // Browsers send Origin on every cross-site POST/DELETE; tools without it are not a CSRF vector.
  if (origin && new URL(origin).host !== (req.headers.get('host') ?? req.nextUrl.host)) {
    throw forbidden('Cross-site request refused');
  }
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

async function parseInput(req: NextRequest, options: BaseOptions<z.ZodType, z.ZodType>) {
  const query = options.query?.parse(searchParamsObject(req.nextUrl.searchParams));
  let body: unknown;
  if (options.body) {
    let json: unknown;
    try {
      json = await req.json();
    } catch {
      throw invalid('The request body must be JSON', { _: 'invalid JSON' });
    }
    body = options.body.parse(json);
  }
  return { query, body };
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

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result instanceof PagedResult) {
    return NextResponse.json(result.rows, { headers: { [TOTAL_RECORDS_HEADER]: String(result.total) } });
  }
  return NextResponse.json(result ?? null);
}
