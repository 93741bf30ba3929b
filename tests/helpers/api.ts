import { NextRequest } from 'next/server';
import type { Db } from '@/lib/db/client';
import { signIn } from '@/lib/server/auth/sign-in';
import { SESSION_COOKIE, sealSession, type SessionData } from '@/lib/server/auth/session-cookie';

type RouteHandler = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

export interface CallOptions {
  method?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
}

/** Calls a route handler the way Next does, with a real Request, cookies and route params. */
export async function callRoute(handler: RouteHandler, path: string, options: CallOptions = {}) {
  const url = new URL(path, 'http://localhost:3000');
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  const req = new NextRequest(url, { method: options.method ?? 'GET', headers, body });
  const response = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // Tests read any field of an answer; the calls' answer schemas already check its shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, json: json as any };
}

/** A session cookie for a user, obtained through the real sign-in service. */
export async function sessionCookieFor(
  db: Db,
  email: string,
  password: string,
): Promise<{ cookie: string; session: SessionData }> {
  const { session } = await signIn(db, { email, password });
  return { cookie: `${SESSION_COOKIE}=${await sealSession(session)}`, session };
}

export async function cookieForSession(session: SessionData): Promise<string> {
  return `${SESSION_COOKIE}=${await sealSession(session)}`;
}
