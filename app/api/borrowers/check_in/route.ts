import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/api/handler';
import { setSessionCookie } from '@/lib/server/auth/session-response';
import { SESSION_TTL_SECONDS } from '@/lib/server/auth/session-cookie';

/** GET /api/borrowers/check_in (every 5 minutes): confirms the session and slides its expiry. */
export const GET = apiRoute({}, async ({ session }) => {
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString();
  return setSessionCookie(NextResponse.json({ ok: true, expiresAt }), session);
});
