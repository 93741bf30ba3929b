import 'server-only';
import { redirect } from 'next/navigation';
import { satisfies } from '@/lib/domain/access';
import { UNAUTHORIZED_PATH } from '@/lib/domain/route-permissions';
import { API_ACCESS } from '@/lib/contract/access';
import { requirePageSession } from '@/lib/server/auth/page-session';

/** The personnel pages check MANAGE_USERS again (the proxy is only the first gate). */
export async function requirePersonnelSession() {
  const session = await requirePageSession();
  if (session.userType !== 'borrowers' || !satisfies(session, API_ACCESS.manageUsers)) redirect(UNAUTHORIZED_PATH);
  return session;
}
