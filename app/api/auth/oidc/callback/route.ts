import { NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { findUserByEmail } from '@/lib/server/users/load-user';
import { finishOidc, oidcCookieOptions, OIDC_COOKIE } from '@/lib/server/auth/oidc';
import { startSession } from '@/lib/server/auth/sign-in';
import { setSessionCookie } from '@/lib/server/auth/session-response';
import { appUrl } from '@/lib/server/mail/send-mail';
import { reportError } from '@/lib/server/observability/report-error';

/**
 * GET /api/auth/oidc/callback: the provider's answer. The ID token's email must belong to an
 * active, unlocked user (no self-registration); then the same session as a password sign-in.
 */
export async function GET(req: NextRequest) {
  const fail = (reason: string) => {
    const response = NextResponse.redirect(appUrl(`/?sso=${reason}`));
    response.cookies.set(OIDC_COOKIE, '', oidcCookieOptions(0));
    return response;
  };
  let identity: Awaited<ReturnType<typeof finishOidc>>;
  try {
    identity = await finishOidc(req.cookies.get(OIDC_COOKIE)?.value, req.nextUrl.search);
  } catch (error) {
    reportError(error, { where: 'oidc callback' });
    return fail('failed');
  }
  const db = await getDb();
  const user = await findUserByEmail(db, identity.email);
  const now = new Date();
  if (!user || user.status !== 'ACTIVE' || (user.lockedUntil !== null && user.lockedUntil > now)) return fail('no_account');
  const { session, user: dto } = await startSession(db, user, now, 'sign_in_sso');
  const response = NextResponse.redirect(appUrl(identity.next ?? dto.landingPath));
  response.cookies.set(OIDC_COOKIE, '', oidcCookieOptions(0));
  return setSessionCookie(response, session);
}
