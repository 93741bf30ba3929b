import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/api/handler';
import { signOutEverywhere } from '@/lib/server/auth/account-changes';
import { clearSessionCookie } from '@/lib/server/auth/session-response';

/** POST /api/auth/sign_out_everywhere: ends every session of the user, on every device. */
export const POST = apiRoute({}, async ({ db, session }) => {
  await signOutEverywhere(db, session);
  return clearSessionCookie(NextResponse.json({ ok: true }));
});
