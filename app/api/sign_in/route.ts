import { NextResponse } from 'next/server';
import { ZSignInBody } from '@/lib/contract/auth';
import { publicApiRoute } from '@/lib/server/api/handler';
import { signIn } from '@/lib/server/auth/sign-in';
import { setSessionCookie } from '@/lib/server/auth/session-response';

/** POST /api/sign_in { email, password }: both user types; answers the user and sets the session. */
export const POST = publicApiRoute({ body: ZSignInBody }, async ({ db, body }) => {
  const { session, user } = await signIn(db, body);
  return setSessionCookie(NextResponse.json(user), session);
});
