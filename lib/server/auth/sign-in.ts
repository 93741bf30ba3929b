import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, users } from '@/lib/db/schema';
import type { TSignInBody } from '@/lib/contract/auth';
import { ApiError } from '@/lib/server/api/errors';
import { findUserByEmail, loadAccessProfile, toUserDto } from '@/lib/server/users/load-user';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password';
import type { SessionData } from './session-cookie';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;

// One message for every refusal, so an answer never tells whether an email has an account.
const REFUSED = 'Email or password is incorrect, or the account is locked for a while.';

export async function signIn(db: Db, input: TSignInBody, now = new Date()) {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(input.password, DUMMY_PASSWORD_HASH); // same time as a real check
    throw new ApiError('unauthorized', REFUSED);
  }
  const where = and(eq(users.clientId, user.clientId), eq(users.id, user.id));
  const locked = user.lockedUntil !== null && user.lockedUntil > now;
  const passwordOk = await verifyPassword(input.password, user.passwordHash);
  if (locked || user.status !== 'ACTIVE' || !passwordOk) {
    if (!locked && !passwordOk) {
      await db.update(users).set({
        failedAttempts: sql`${users.failedAttempts} + 1`,
        lockedUntil: sql`case when ${users.failedAttempts} + 1 >= ${MAX_FAILED_SIGN_INS}
          then ${now.toISOString()}::timestamptz + make_interval(mins => ${LOCKOUT_MINUTES}) else null end`,
      }).where(where);
    }
    throw new ApiError('unauthorized', REFUSED);
  }
  await db.update(users).set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: now }).where(where);
  await db.insert(auditLog).values({ clientId: user.clientId, userId: user.id, action: 'sign_in' });
  const profile = await loadAccessProfile(db, user);
  const session: SessionData = {
    ...profile,
    userId: user.id,
    clientId: user.clientId,
    clientName: user.clientName,
    name: user.name,
    sessionVersion: user.sessionVersion,
  };
  return { session, user: toUserDto({ ...user, lastSignInAt: now }, profile) };
}
