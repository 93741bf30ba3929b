import 'server-only';
import { newSessionId } from './current-session';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { TSignInBody } from '@/lib/contract/auth';
import { unauthorized } from '@/lib/server/domain-errors';
import { recordAudit } from '@/lib/server/audit/record-audit';
import {
  customerNameOf,
  findUserByEmail,
  loadAccessProfile,
  toUserDto,
  type UserRow,
} from '@/lib/server/users/load-user';
import { sendAccountMail } from './account-mail';
import { issueToken, TOKEN_MINUTES } from './auth-tokens';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password';
import type { SessionData } from './session-cookie';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;

// One message for every refusal, so an answer never tells whether an email has an account.
export const REFUSED = 'Email or password is incorrect, or the account is locked for a while.';

export async function signIn(db: Db, input: TSignInBody, now = new Date()) {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(input.password, DUMMY_PASSWORD_HASH); // same time as a real check
    throw unauthorized(REFUSED);
  }
  const locked = user.lockedUntil !== null && user.lockedUntil > now;
  const passwordOk = await verifyPassword(input.password, user.passwordHash);
  if (locked || user.status !== 'ACTIVE' || !passwordOk) {
    if (!locked && !passwordOk) await countFailure(db, user, now);
    throw unauthorized(REFUSED);
  }
  return startSession(db, user, now, 'sign_in');
}

/** One more failure; the fifth locks the account for 15 minutes and mails an unlock link. */
async function countFailure(db: Db, user: NonNullable<UserRow>, now: Date): Promise<void> {
  const [after] = await db
    .update(users)
    .set({
      failedAttempts: sql`${users.failedAttempts} + 1`,
      lockedUntil: sql`case when ${users.failedAttempts} + 1 >= ${MAX_FAILED_SIGN_INS}
      then ${now.toISOString()}::timestamptz + make_interval(mins => ${LOCKOUT_MINUTES}) else null end`,
    })
    .where(and(eq(users.clientId, user.clientId), eq(users.id, user.id)))
    .returning({ failedAttempts: users.failedAttempts, lockedUntil: users.lockedUntil });
  // No actor: whoever typed the password is unknown; the account is the subject.
  const audit = { clientId: user.clientId, userId: null, entity: 'user' as const, entityId: user.id };
  await recordAudit(db, { ...audit, action: 'sign_in_failed', detail: { attempt: after?.failedAttempts } });
  if (after?.lockedUntil) {
    await recordAudit(db, { ...audit, action: 'account_locked', detail: { until: after.lockedUntil.toISOString() } });
    if (user.status === 'ACTIVE') {
      sendAccountMail('unlock', user, await issueToken(db, user, 'UNLOCK_ACCOUNT', TOKEN_MINUTES.unlock, now));
    }
  }
}

/**
 * The one place a session starts, for a password and for company SSO: clears the failure count,
 * stamps the sign-in, writes the audit entry and builds the session from the stored permissions.
 */
export async function startSession(db: Db, user: NonNullable<UserRow>, now: Date, action: 'sign_in' | 'sign_in_sso') {
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: now })
    .where(and(eq(users.clientId, user.clientId), eq(users.id, user.id)));
  await recordAudit(db, { clientId: user.clientId, userId: user.id, action });
  return {
    session: await sessionFor(db, user),
    user: toUserDto({ ...user, lastSignInAt: now }, await loadAccessProfile(db, user), await customerNameOf(db, user)),
  };
}

/** A session for the user as stored now (also used to re-seal after a password change). */
export async function sessionFor(db: Db, user: NonNullable<UserRow>): Promise<SessionData> {
  const profile = await loadAccessProfile(db, user);
  return {
    ...profile,
    userId: user.id,
    clientId: user.clientId,
    clientName: user.clientName,
    name: user.name,
    sessionVersion: user.sessionVersion,
    sid: newSessionId(),
  };
}
