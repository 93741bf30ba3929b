import 'server-only';
import { NextResponse } from 'next/server';
import { authCalls } from '@/lib/contract/auth';
import { isSessionCurrent, revokeSession } from '@/lib/server/auth/current-session';
import { OIDC_COOKIE } from '@/lib/server/auth/oidc';
import { oidcCallbackRedirect, oidcStartRedirect } from '@/lib/server/auth/oidc-sign-in';
import { LIMITS, refundAttempt, takeAttempt } from '@/lib/server/auth/rate-limit';
import { SESSION_TTL_SECONDS } from '@/lib/server/auth/session-cookie';
import { signIn } from '@/lib/server/auth/sign-in';
import { appUrl } from '@/lib/server/mail/send-mail';
import { currentUser } from '@/lib/server/users/load-user';
import { clientAddress } from '@/lib/server/http/client-address';
import { implement } from './serve';

export const auth = implement('auth', authCalls, {
  signIn: async ({ db, body, headers, cookie }) => {
    // Per address and per account name (known or not, so a 429 reveals nothing about the account);
    // a successful sign-in gives its attempt back, so the windows count failures only.
    const keys: Parameters<typeof takeAttempt>[0] = [
      [`sign-in:ip:${clientAddress(headers)}`, LIMITS.signInPerIp],
      [`sign-in:email:${body.email}`, LIMITS.signInPerAccount],
    ];
    takeAttempt(keys);
    const { session, user } = await signIn(db, body);
    refundAttempt(keys);
    cookie.set = session;
    return user;
  },
  // Ends the session on the server (a copied cookie is refused from now on) and always clears the
  // cookie, signed in or not.
  signOut: async ({ db, session, cookie }) => {
    if (session) await revokeSession(db, session);
    cookie.clear = true;
    return { ok: true } as const;
  },
  borrowerUser: ({ db, session }) => currentUser(db, session),
  investorUser: ({ db, session }) => currentUser(db, session),
  // The session is sealed again, so its expiry slides.
  checkIn: async ({ session, cookie }) => {
    cookie.set = session;
    return { ok: true as const, expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString() };
  },
  // A stale cookie is cleared here (pages cannot set cookies), then sign-in follows.
  sessionExpired: async ({ db, session, request, cookie }) => {
    const current = session !== null && (await isSessionCurrent(db, session));
    if (!current) cookie.clear = true;
    return NextResponse.redirect(request ? new URL('/', request.url) : appUrl('/'));
  },
  oidcStart: ({ query }) => oidcStartRedirect(query.next),
  oidcCallback: async ({ db, request, cookie }) => {
    const flow = request?.cookies.get(OIDC_COOKIE)?.value;
    const { response, session } = await oidcCallbackRedirect(db, flow, request?.nextUrl.search ?? '');
    if (session) cookie.set = session;
    return response;
  },
});
