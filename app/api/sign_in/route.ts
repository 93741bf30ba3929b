import { NextResponse } from 'next/server';
import { ZSignInBody } from '@/lib/contract/auth';
import { publicApiRoute } from '@/lib/server/api/handler';
import { signIn } from '@/lib/server/auth/sign-in';
import { setSessionCookie } from '@/lib/server/auth/session-response';
import { clientIp, LIMITS, refundAttempt, takeAttempt } from '@/lib/server/auth/rate-limit';

/** POST /api/sign_in { email, password }: both user types; answers the user and sets the session. */
export const POST = publicApiRoute({ body: ZSignInBody }, async ({ req, db, body }) => {
  // Per address and per account name (known or not, so a 429 reveals nothing about the account);
  // a successful sign-in gives its attempt back, so the windows count failures only.
  const keys: Parameters<typeof takeAttempt>[0] = [
    [`sign-in:ip:${clientIp(req.headers)}`, LIMITS.signInPerIp], [`sign-in:email:${body.email}`, LIMITS.signInPerAccount],
  ];
  takeAttempt(keys);
  const { session, user } = await signIn(db, body);
  refundAttempt(keys);
  return setSessionCookie(NextResponse.json(user), session);
});
