import { NextResponse, type NextRequest } from 'next/server';
import { clearSessionCookie } from '@/lib/server/auth/session-response';

/** DELETE /api/borrowers/sign_out: always clears the session cookie, signed in or not. */
export async function DELETE(_req: NextRequest) {
  return clearSessionCookie(NextResponse.json({ ok: true }));
}
