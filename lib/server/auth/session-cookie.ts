import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sealData, unsealData } from 'iron-session';
import type { AccessProfile } from '@/lib/domain/access';

// Deliberately free of 'server-only' and of database imports: proxy.ts reads the session with it.

export interface SessionData extends AccessProfile {
  userId: number;
  clientId: number;
  clientName: string;
  name: string;
  /** Must equal users.session_version; bumping it ends every session of the user. */
  sessionVersion: number;
  /** This session's id: sign-out revokes it on the server (revoked_sessions). */
  sid: string;
}

export const SESSION_COOKIE = 'rd_session';
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

let cachedSecret: string | undefined;

/**
 * SESSION_SECRET when set; otherwise a random secret created once in the data folder, so a fresh
 * machine works without configuration and restarts keep users signed in.
 */
export function sessionSecret(): string {
  if (cachedSecret) return cachedSecret;
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return (cachedSecret = fromEnv);
  }
  const file = path.join(process.cwd(), 'data', 'session-secret');
  try {
    cachedSecret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    cachedSecret = randomBytes(32).toString('hex');
    writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}

export function sealSession(data: SessionData): Promise<string> {
  return sealData(data, { password: sessionSecret(), ttl: SESSION_TTL_SECONDS });
}

/** The session in a cookie value, or null when absent, tampered with or expired. */
export async function unsealSession(cookieValue: string | undefined): Promise<SessionData | null> {
  if (!cookieValue) return null;
  try {
    const data = await unsealData<Partial<SessionData>>(cookieValue, {
      password: sessionSecret(),
      ttl: SESSION_TTL_SECONDS,
    });
    return typeof data.userId === 'number' && typeof data.clientId === 'number' ? (data as SessionData) : null;
  } catch {
    return null;
  }
}

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    // Browsers accept Secure cookies on http://localhost; SESSION_COOKIE_SECURE=false serves plain-http hosts.
    secure: process.env.NODE_ENV === 'production' && process.env.SESSION_COOKIE_SECURE !== 'false',
    sameSite: 'lax' as const,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  };
}

/**
 * Set by the browser when sign-out could not reach the server: the HttpOnly session cookie cannot
 * be removed by scripts, so this marker makes the session count as gone until the next sign-in.
 */
export const SIGNED_OUT_COOKIE = 'rd_signed_out';

/** The session of a request's cookies (by a cookie getter), honouring the signed-out marker. */
export async function readSession(getCookie: (name: string) => string | undefined): Promise<SessionData | null> {
  if (getCookie(SIGNED_OUT_COOKIE)) return null;
  return unsealSession(getCookie(SESSION_COOKIE));
}
