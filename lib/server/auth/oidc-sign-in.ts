import 'server-only';
import { sameOriginPath } from '@/lib/domain/return-path';
import { NextResponse } from 'next/server';
import type { Db } from '@/lib/db/client';
import { findUserByEmail } from '@/lib/server/users/load-user';
import { appUrl } from '@/lib/server/mail/send-mail';
import { reportError } from '@/lib/server/observability/report-error';
import { finishOidc, oidcCookieOptions, oidcEnabled, OIDC_COOKIE, startOidc } from './oidc';
import type { SessionData } from './session-cookie';
import { startSession } from './sign-in';

/** GET /api/auth/oidc/start[?next=/path]: off to the company's identity provider, the flow kept in a cookie. */
export async function oidcStartRedirect(next: string | undefined): Promise<NextResponse> {
  if (!oidcEnabled()) return NextResponse.redirect(appUrl('/'));
  try {
    const { url, cookie } = await startOidc(sameOriginPath(next));
    const response = NextResponse.redirect(url);
    response.cookies.set(OIDC_COOKIE, cookie, oidcCookieOptions());
    return response;
  } catch (error) {
    reportError(error, { where: 'oidc start' });
    return NextResponse.redirect(appUrl('/?sso=unavailable'));
  }
}

/**
 * GET /api/auth/oidc/callback: the provider's answer. The ID token's email must belong to an
 * active, unlocked user (no self-registration); then the same session as a password sign-in,
 * which the caller sets on the redirect. The flow cookie is cleared either way.
 */
export async function oidcCallbackRedirect(
  db: Db,
  flowCookie: string | undefined,
  search: string,
): Promise<{ response: NextResponse; session?: SessionData }> {
  const fail = (reason: string) => {
    const response = NextResponse.redirect(appUrl(`/?sso=${reason}`));
    response.cookies.set(OIDC_COOKIE, '', oidcCookieOptions(0));
    return { response };
  };
  let identity: Awaited<ReturnType<typeof finishOidc>>;
  try {
    identity = await finishOidc(flowCookie, search);
  } catch (error) {
    reportError(error, { where: 'oidc callback' });
    return fail('failed');
  }
  const user = await findUserByEmail(db, identity.email);
  const now = new Date();
  const locked = user?.lockedUntil != null && user.lockedUntil > now;
  if (!user || user.status !== 'ACTIVE' || locked) return fail('no_account');
  const { session, user: dto } = await startSession(db, user, now, 'sign_in_sso');
  const response = NextResponse.redirect(appUrl(sameOriginPath(identity.next) ?? dto.landingPath));
  response.cookies.set(OIDC_COOKIE, '', oidcCookieOptions(0));
  return { response, session };
}
