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

/**
 * Cookies already opened, by their exact value (which carries its own MAC): opening one derives
 * two keys with PBKDF2, about a tenth of the CPU of a cheap API call. Kept for a minute at most and
 * never past the seal's own expiry; whether the session is still current (sign-out, password
 * change) is checked against the database on every request all the same (current-session.ts).
 */
const OPENED_FOR_MS = 60_000;
const OPENED_MAX = 1_000;
const opened = new Map<string, { data: SessionData; until: number }>();

/** The expiry an iron seal carries (milliseconds, its 6th field: Fe26.2*id*salt*iv*data*expiry*…), or null. */
function sealExpiry(cookieValue: string): number | null {
  const expiry = Number(cookieValue.split('*')[5]);
  return Number.isFinite(expiry) && expiry > 0 ? expiry : null;
}

/** The session in a cookie value, or null when absent, tampered with or expired. */
export async function unsealSession(cookieValue: string | undefined): Promise<SessionData | null> {
  if (!cookieValue) return null;
  const now = Date.now();
  const known = opened.get(cookieValue);
  if (known && known.until > now) return { ...known.data };
  if (known) opened.delete(cookieValue);
  try {
    const raw = await unsealData<Partial<SessionData>>(cookieValue, {
      password: sessionSecret(),
      ttl: SESSION_TTL_SECONDS,
    });
    if (typeof raw.userId !== 'number' || typeof raw.clientId !== 'number') return null;
    const data = raw as SessionData;
    // The oldest entry goes first (a Map keeps insertion order).
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(cookieValue, {
      data: { ...data },
      until: Math.min(now + OPENED_FOR_MS, sealExpiry(cookieValue) ?? now),
    });
    return data;
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
