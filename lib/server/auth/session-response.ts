import 'server-only';
import type { NextResponse } from 'next/server';
import {
  SESSION_COOKIE,
  SIGNED_OUT_COOKIE,
  sealSession,
  sessionCookieOptions,
  type SessionData,
} from './session-cookie';

export async function setSessionCookie(response: NextResponse, session: SessionData): Promise<NextResponse> {
  response.cookies.set(SESSION_COOKIE, await sealSession(session), sessionCookieOptions());
  response.cookies.set(SIGNED_OUT_COOKIE, '', { path: '/', maxAge: 0 });
  return response;
}

export function clearSessionCookie(response: NextResponse): NextResponse {
  response.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(), maxAge: 0 });
  return response;
}
