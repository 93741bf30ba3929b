import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_ID_HEADER } from '@/lib/contract/common';
import { pageContentSecurityPolicy } from '@/lib/domain/content-security';
import { decideRoute } from '@/lib/domain/route-permissions';
import { readSession } from '@/lib/server/auth/session-cookie';

/**
 * The one way in: every request for a page or an API call passes here, in development, tests and
 * production. It names the request (`x-request-id`, on the request for the request log and on the
 * answer for whoever reports a problem) and makes the fast page checks: signed in or not, user type
 * against the first path segment, route permission. It reads only the sealed cookie (no query);
 * every page and API handler checks again.
 */
export async function proxy(req: NextRequest) {
  const requestId = crypto.randomUUID();
  const { pathname, search } = req.nextUrl;
  // Next would fail decoding such a path's parameters with a 500: it names nothing we serve.
  if (!isDecodable(pathname)) {
    return named(
      NextResponse.json(
        { error: 'bad_request', message: 'The address could not be read (bad percent-encoding)' },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      ),
      requestId,
    );
  }
  // API calls check their own session and answer 401/403 as JSON.
  if (pathname.startsWith('/api/')) return passOn(req, requestId);
  const session = await readSession((name) => req.cookies.get(name)?.value);
  const decision = decideRoute(pathname, session);
  if (decision.action === 'allow') return passOn(req, requestId, withNonce());
  if (decision.action === 'sign-in') {
    const url = new URL('/', req.url);
    url.searchParams.set('next', `${pathname}${search}`);
    return named(NextResponse.redirect(url), requestId);
  }
  return named(NextResponse.redirect(new URL(decision.to, req.url)), requestId);
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function named(response: NextResponse, requestId: string): NextResponse {
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/** On to the page or the route handler, with the request id (and a page's nonce) on the request and the answer. */
function passOn(req: NextRequest, requestId: string, extra: Record<string, string> = {}): NextResponse {
  const headers = new Headers(req.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  const response = NextResponse.next({ request: { headers } });
  if (extra['content-security-policy'])
    response.headers.set('content-security-policy', extra['content-security-policy']);
  return named(response, requestId);
}

/** A fresh nonce per page view, on the request (Next reads it there) and in the answer's policy. */
function withNonce(): Record<string, string> {
  const nonce = btoa(crypto.randomUUID());
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  return { 'x-nonce': nonce, 'content-security-policy': policy };
}

export const config = {
  // Every page and API call; static files and Next internals pass untouched.
  matcher: ['/((?!_next/|favicon.ico|logo.svg|robots.txt).*)'],
};
