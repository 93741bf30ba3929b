import { NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { isSessionCurrent } from '@/lib/server/auth/current-session';
import { SESSION_COOKIE, unsealSession } from '@/lib/server/auth/session-cookie';
import { clearSessionCookie } from '@/lib/server/auth/session-response';

/** Pages send a user whose session ended elsewhere here: the cookie is cleared, then sign-in. */
export async function GET(req: NextRequest) {
  const session = await unsealSession(req.cookies.get(SESSION_COOKIE)?.value);
  const current = session !== null && (await isSessionCurrent(await getDb(), session));
  const response = NextResponse.redirect(new URL('/', req.url));
  return current ? response : clearSessionCookie(response);
}
