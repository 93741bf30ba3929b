import { NextResponse, type NextRequest } from 'next/server';
import { pageContentSecurityPolicy } from '@/lib/domain/content-security';
import { decideRoute } from '@/lib/domain/route-permissions';
import { readSession } from '@/lib/server/auth/session-cookie';

/**
 * The first gate for pages: signed in or not, user type against the first path segment, route
 * permission. It reads only the sealed cookie (no query); every page and API handler checks again.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  // Next would fail decoding such a path's parameters with a 500: it names nothing we serve.
  if (!isDecodable(pathname)) {
    return NextResponse.json(
      { error: 'bad_request', message: 'The address could not be read (bad percent-encoding)' },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  }
  // API calls check their own session and answer 401/403 as JSON.
  if (pathname.startsWith('/api/')) return NextResponse.next();
  const session = await readSession((name) => req.cookies.get(name)?.value);
  const decision = decideRoute(pathname, session);
  if (decision.action === 'allow') return withNonce(req);
  if (decision.action === 'sign-in') {
    const url = new URL('/', req.url);
    url.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(url);
  }
  return NextResponse.redirect(new URL(decision.to, req.url));
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A fresh nonce per page view, on the request (Next reads it there) and in the answer's policy. */
function withNonce(req: NextRequest): NextResponse {
  const nonce = btoa(crypto.randomUUID());
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  // Pages, and API paths only when they hold a percent sign (for the decoding check): the API checks
  // its own session, and a pass through the proxy costs every call a second round of Next's request
  // handling (docs/benchmarks.md#throughput). Static files and Next internals pass.
  matcher: ['/((?!_next/|api/|favicon.ico|logo.svg|robots.txt).*)', '/api/(.*%.*)'],
};
