import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/api/handler';
import { ZChangePasswordBody } from '@/lib/contract/accounts';
import { changePassword } from '@/lib/server/auth/account-changes';
import { setSessionCookie } from '@/lib/server/auth/session-response';

/** POST /api/auth/change_password { currentPassword, password, confirm }: other sessions end, this one goes on. */
export const POST = apiRoute({ body: ZChangePasswordBody }, async ({ db, session, body }) =>
  setSessionCookie(NextResponse.json({ ok: true }), await changePassword(db, session, body)));
