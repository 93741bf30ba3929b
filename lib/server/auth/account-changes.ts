import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { TChangePasswordBody } from '@/lib/contract/accounts';
import { invalid, notFound } from '@/lib/server/domain-errors';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { findUser } from '@/lib/server/users/load-user';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import type { SessionData } from './session-cookie';
import { sessionFor } from './sign-in';

/**
 * Changes the signed-in user's password after checking the current one. Every other session
 * ends (version + 1); this one gets a fresh session with the new version, so the user stays in.
 */
export async function changePassword(db: Db, session: SessionData, body: TChangePasswordBody): Promise<SessionData> {
  const user = await findUser(db, session.clientId, session.userId);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw invalid('The current password is not correct.', { currentPassword: 'not your current password' });
  }
  assertPasswordPolicy(body.password, 'password', user.email);
  if (body.password === body.currentPassword) {
    throw invalid('Choose a password different from the current one.', { password: 'same as the current password' });
  }
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password), sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.clientId, user.clientId), eq(users.id, user.id)))
    .returning({ sessionVersion: users.sessionVersion });
  await recordAudit(db, {
    clientId: user.clientId,
    userId: user.id,
    action: 'password_changed',
    entity: 'user',
    entityId: user.id,
  });
  return sessionFor(db, { ...user, sessionVersion: row?.sessionVersion ?? user.sessionVersion + 1 });
}

/** Ends every session of the user, this one included. */
export async function signOutEverywhere(db: Db, session: SessionData): Promise<void> {
  await bumpSessionVersion(db, session.clientId, [session.userId]);
  await recordAudit(db, {
    clientId: session.clientId,
    userId: session.userId,
    action: 'signed_out_everywhere',
    entity: 'user',
    entityId: session.userId,
  });
}

/** Ends the sessions of some users of a client (their next request answers 401). */
export async function bumpSessionVersion(db: Db, clientId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.clientId, clientId), inArray(users.id, userIds)));
}
