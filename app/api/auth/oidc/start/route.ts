import { NextResponse, type NextRequest } from 'next/server';
import { oidcCookieOptions, oidcEnabled, OIDC_COOKIE, startOidc } from '@/lib/server/auth/oidc';
import { reportError } from '@/lib/server/observability/report-error';
import { appUrl } from '@/lib/server/mail/send-mail';

/** GET /api/auth/oidc/start[?next=/path]: off to the company's identity provider. */
export async function GET(req: NextRequest) {
  if (!oidcEnabled()) return NextResponse.redirect(appUrl('/'));
  const next = req.nextUrl.searchParams.get('next');
  try {
    const { url, cookie } = await startOidc(next?.startsWith('/') && !next.startsWith('//') ? next : null);
    const response = NextResponse.redirect(url);
    response.cookies.set(OIDC_COOKIE, cookie, oidcCookieOptions());
    return response;
  } catch (error) {
    reportError(error, { where: 'oidc start' });
    return NextResponse.redirect(appUrl('/?sso=unavailable'));
  }
}
