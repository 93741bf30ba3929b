import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { TResetPasswordBody } from '@/lib/contract/accounts';
import { invalid } from '@/lib/server/domain-errors';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { findUser, findUserByEmail } from '@/lib/server/users/load-user';
import { sendAccountMail } from './account-mail';
import { consumeToken, issueToken, TOKEN_MINUTES } from './auth-tokens';
import { hashPassword } from './password';
import { assertPasswordPolicy } from './password-policy';

export const BAD_LINK = 'This link is invalid, was already used or has expired. Ask for a new one.';

/** Mails a reset link to an active account; does nothing visible otherwise (the caller answers the same). */
export async function requestPasswordReset(db: Db, email: string, now = new Date()): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'ACTIVE') return;
  const token = await issueToken(db, user, 'RESET_PASSWORD', TOKEN_MINUTES.reset, now);
  await recordAudit(db, {
    clientId: user.clientId,
    userId: null,
    action: 'password_reset_requested',
    entity: 'user',
    entityId: user.id,
  });
  sendAccountMail('reset', user, token);
}

/**
 * Sets a new password from a reset (or invitation) link: the token is used up, the lock and the
 * failure count are cleared, and every session of the user ends (session version + 1).
 */
export async function resetPassword(db: Db, body: TResetPasswordBody, now = new Date()): Promise<void> {
  // The policy is checked before the token is spent, so a refused password does not burn the link.
  assertPasswordPolicy(body.password, 'password');
  const owner = await consumeToken(db, body.token, 'RESET_PASSWORD', now);
  const user = owner && (await findUser(db, owner.clientId, owner.userId));
  if (!user || user.status !== 'ACTIVE') throw invalid(BAD_LINK, { token: BAD_LINK });
  assertPasswordPolicy(body.password, 'password', user.email);
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(body.password),
      failedAttempts: 0,
      lockedUntil: null,
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(and(eq(users.clientId, user.clientId), eq(users.id, user.id)));
  await recordAudit(db, {
    clientId: user.clientId,
    userId: null,
    action: 'password_reset',
    entity: 'user',
    entityId: user.id,
  });
}

/** Unlocks an account from the emailed link (the password stays as it was). */
export async function unlockAccount(db: Db, token: string, now = new Date()): Promise<void> {
  const owner = await consumeToken(db, token, 'UNLOCK_ACCOUNT', now);
  if (!owner) throw invalid(BAD_LINK, { token: BAD_LINK });
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null })
    .where(and(eq(users.clientId, owner.clientId), eq(users.id, owner.userId)));
  await recordAudit(db, {
    clientId: owner.clientId,
    userId: null,
    action: 'account_unlocked',
    entity: 'user',
    entityId: owner.userId,
  });
}
