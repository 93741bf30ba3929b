import 'server-only';
import { NextResponse } from 'next/server';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { consumeToken } from '@/lib/server/auth/auth-tokens';
import { startSession } from '@/lib/server/auth/sign-in';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { appUrl } from '@/lib/server/mail/send-mail';
import { findUser } from '@/lib/server/users/load-user';

/**
 * GET /api/auth/customer_link?token=: a reminder's "See your account and pay". The token is used
 * once (one conditional UPDATE), within 15 minutes, and only for an active customer user, bound to
 * their customer: it starts their session and opens that customer's statement. Any bad, used,
 * revoked or expired link lands on the sign-in page, which says so.
 */
export async function openCustomerLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ response: NextResponse; session: SessionData | null }> {
  const refused = { response: NextResponse.redirect(appUrl('/?link=expired')), session: null };
  if (!token) return refused;
  const used = await consumeToken(db, token, 'CUSTOMER_LINK', now);
  if (!used) return refused;
  const user = await findUser(db, used.clientId, used.userId);
  if (!user || user.status !== 'ACTIVE' || !user.customerCode) return refused;
  const { session } = await startSession(db, user, now, 'sign_in');
  await recordAudit(db, {
    clientId: user.clientId,
    userId: user.id,
    action: 'sign_in_link',
    entity: 'user',
    entityId: user.id,
  });
  const target = appUrl(`/customerportal/${encodeURIComponent(user.customerCode)}`);
  return { response: NextResponse.redirect(target), session };
}
