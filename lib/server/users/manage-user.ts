import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { TInviteUserBody } from '@/lib/contract/personnel';
import { invalid, conflict, notFound } from '@/lib/server/domain-errors';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { sendAccountMail } from '@/lib/server/auth/account-mail';
import { issueToken, TOKEN_MINUTES } from '@/lib/server/auth/auth-tokens';
import { hashPassword } from '@/lib/server/auth/password';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { applyFeatures, findRole, grantedFeatures } from './role-permissions';
import { findUser } from './load-user';

/**
 * Invites a user: the account is created with an unusable random password and the role's pages,
 * and a set-password link (valid 3 days, single use) is mailed. Emails are unique across clients.
 */
export async function inviteUser(db: Db, session: SessionData, body: TInviteUserBody) {
  const role = await findRole(db, session.clientId, body.roleId);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
  if (taken) throw conflict('This email already has an account.', { email: 'already has an account' });
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        clientId: session.clientId,
        email: body.email,
        name: body.name,
        phone: body.phone ?? null,
        userType: 'borrowers',
        roleId: role.id,
        passwordHash,
      })
      .returning({ id: users.id });
    const userId = row!.id;
    await applyFeatures(tx, session.clientId, userId, await grantedFeatures(tx, session.clientId, role.id));
    await recordAudit(tx, {
      clientId: session.clientId,
      userId: session.userId,
      action: 'user_invited',
      entity: 'user',
      entityId: userId,
      detail: { role: role.code },
    });
    return userId;
  });
  const token = await issueToken(db, { clientId: session.clientId, id }, 'RESET_PASSWORD', TOKEN_MINUTES.invite);
  sendAccountMail('invite', body, token);
  return { id, name: body.name, email: body.email, role: role.code, roleName: role.name, status: 'ACTIVE' as const };
}

async function targetUser(db: Db, session: SessionData, userId: number) {
  const user = await findUser(db, session.clientId, userId);
  // Customer users are managed from their customer's page (customer-users.ts).
  if (!user || user.userType !== 'borrowers' || user.customerCode) throw notFound('User');
  // Nobody changes their own role or status: an admin cannot lock themselves out by mistake.
  if (user.id === session.userId) throw invalid('You cannot change your own role or status.');
  return user;
}

/** Gives a user another role and that role's pages; their sessions end, so it holds on the next request. */
export async function changeRole(db: Db, session: SessionData, userId: number, roleId: number) {
  const user = await targetUser(db, session, userId);
  const role = await findRole(db, session.clientId, roleId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ roleId: role.id, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.clientId, session.clientId), eq(users.id, user.id)));
    await applyFeatures(tx, session.clientId, user.id, await grantedFeatures(tx, session.clientId, role.id));
    await recordAudit(tx, {
      clientId: session.clientId,
      userId: session.userId,
      action: 'role_changed',
      entity: 'user',
      entityId: user.id,
      detail: { from: user.role, to: role.code },
      before: { role: user.role },
      after: { role: role.code },
    });
  });
  return { id: user.id, role: role.code, roleName: role.name };
}

/** Deactivates (sessions stop at once: the session check reads the status) or reactivates a user. */
export async function setUserStatus(db: Db, session: SessionData, userId: number, status: 'ACTIVE' | 'INACTIVE') {
  const user = await targetUser(db, session, userId);
  if (user.status !== status) {
    await db
      .update(users)
      .set({ status, failedAttempts: 0, lockedUntil: null })
      .where(and(eq(users.clientId, session.clientId), eq(users.id, user.id)));
    await recordAudit(db, {
      clientId: session.clientId,
      userId: session.userId,
      action: status === 'ACTIVE' ? 'user_reactivated' : 'user_deactivated',
      entity: 'user',
      entityId: user.id,
    });
  }
  return { id: user.id, status };
}
