import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { authTokens, roles, users } from '@/lib/db/schema';
import type { TCustomerUser } from '@/lib/contract/customer-door';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { sendAccountMail } from '@/lib/server/auth/account-mail';
import { issueToken, TOKEN_MINUTES } from '@/lib/server/auth/auth-tokens';
import { hashPassword } from '@/lib/server/auth/password';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { conflict, invalid, notFound } from '@/lib/server/domain-errors';
import { appUrl } from '@/lib/server/mail/send-mail';

/** The role a customer user holds: finance staff's, with no pages of its own (the binding decides). */
const CUSTOMER_USER_ROLE = 'member';

const CustomerUserRow = row({
  id: col.int,
  name: col.text,
  email: col.text,
  sysObligorCode: col.text,
  status: col.oneOf(['ACTIVE', 'INACTIVE'] as const),
  lastSignInAt: col.instant.nullable(),
});

const selectUsers = (clientId: number) => sql`
  select u.id, u.name, u.email, u.customer_code as "sysObligorCode", u.status, u.last_sign_in_at as "lastSignInAt"
  from users u where u.client_id = ${clientId} and u.customer_code is not null`;

/** The customer must exist in the client (404 as for any unknown customer). */
async function assertCustomer(db: Db, clientId: number, code: string): Promise<void> {
  const found = await queryRow(
    db,
    sql`select 1 as one from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`,
    row({ one: col.int }),
  );
  if (!found) throw notFound('Customer');
}

/** GET /obligors/{code}/customer_users: the customer's users, and its family's for a parent. */
export async function listCustomerUsers(db: Db, clientId: number, code: string): Promise<TCustomerUser[]> {
  await assertCustomer(db, clientId, code);
  return queryRows(
    db,
    sql`${selectUsers(clientId)} and u.customer_code in (select o.sys_obligor_code from obligors o
      where o.client_id = ${clientId} and (o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code}))
    order by u.name`,
    CustomerUserRow,
  );
}

async function customerUser(db: Db, clientId: number, id: number): Promise<TCustomerUser> {
  const found = await queryRow(db, sql`${selectUsers(clientId)} and u.id = ${id}`, CustomerUserRow);
  if (!found) throw notFound('Customer user');
  return found;
}

/**
 * POST /obligors/{code}/customer_users: one of the customer's contacts (with an email) becomes a
 * user bound to the customer, with an unusable random password, and is mailed a set-password link
 * (3 days, single use), as a staff invitation is.
 */
export async function inviteCustomerUser(
  db: Db,
  session: SessionData,
  code: string,
  contactId: number,
): Promise<TCustomerUser> {
  const { clientId } = session;
  await assertCustomer(db, clientId, code);
  const contact = await queryRow(
    db,
    sql`select name, email from contacts where client_id = ${clientId} and id = ${contactId} and sys_obligor_code = ${code}`,
    row({ name: col.text, email: col.text.nullable() }),
  );
  if (!contact) throw invalid('Choose a contact of this customer.', { contactId: 'not a contact of this customer' });
  const email = contact.email?.trim().toLowerCase();
  if (!email) throw invalid('This contact has no email address.', { contactId: 'has no email address' });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict('This email already has an account.', { contactId: 'already has an account' });
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, clientId), eq(roles.code, CUSTOMER_USER_ROLE)));
  if (!role) throw invalid('The client has no finance staff role to give a customer user.');
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        clientId,
        email,
        name: contact.name,
        userType: 'borrowers',
        roleId: role.id,
        passwordHash,
        customerCode: code,
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      clientId,
      userId: session.userId,
      action: 'customer_user_invited',
      entity: 'user',
      entityId: created!.id,
      detail: { customer: code },
    });
    return created!.id;
  });
  const token = await issueToken(db, { clientId, id }, 'RESET_PASSWORD', TOKEN_MINUTES.invite);
  sendAccountMail('invite', { email, name: contact.name }, token);
  return customerUser(db, clientId, id);
}

/** Every unused link of the user (sign-in links, a set-password invitation) stops working. */
async function revokeTokens(db: Db, clientId: number, userId: number, now = new Date()): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.clientId, clientId), eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

/** PUT /customer_users/{id}/status: suspending ends their sessions (status check) and their links at once. */
export async function setCustomerUserStatus(
  db: Db,
  session: SessionData,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<TCustomerUser> {
  const user = await customerUser(db, session.clientId, id);
  if (user.status !== status) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ status, failedAttempts: 0, lockedUntil: null, sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(and(eq(users.clientId, session.clientId), eq(users.id, id)));
      if (status === 'INACTIVE') await revokeTokens(tx, session.clientId, id);
      await recordAudit(tx, {
        clientId: session.clientId,
        userId: session.userId,
        action: status === 'ACTIVE' ? 'customer_user_reactivated' : 'customer_user_suspended',
        entity: 'user',
        entityId: id,
      });
    });
  }
  return { ...user, status };
}

/**
 * DELETE /customer_users/{id}: the user, their links and page rows go. A user whose disputes,
 * promises, notes or remittance advices name them stays, suspended, so that the record keeps its author.
 */
export async function removeCustomerUser(db: Db, session: SessionData, id: number): Promise<{ ok: true }> {
  await customerUser(db, session.clientId, id);
  const { clientId } = session;
  const named = await queryRow(
    db,
    sql`select (exists (select 1 from disputes where client_id = ${clientId} and user_id = ${id})
      or exists (select 1 from promises where client_id = ${clientId} and user_id = ${id})
      or exists (select 1 from communications where client_id = ${clientId} and user_id = ${id})
      or exists (select 1 from remittance_advices where client_id = ${clientId} and user_id = ${id})) as named`,
    row({ named: col.bool }),
  );
  if (named?.named) {
    // What they did on the portal keeps its author: kept, suspended.
    await setCustomerUserStatus(db, session, id, 'INACTIVE');
  } else {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from auth_tokens where client_id = ${clientId} and user_id = ${id}`);
      await tx.execute(sql`delete from user_page_permissions where client_id = ${clientId} and user_id = ${id}`);
      await tx.execute(sql`delete from revoked_sessions where client_id = ${clientId} and user_id = ${id}`);
      await tx.execute(
        sql`delete from users where client_id = ${clientId} and id = ${id} and customer_code is not null`,
      );
    });
  }
  await recordAudit(db, {
    clientId,
    userId: session.userId,
    action: 'customer_user_removed',
    entity: 'user',
    entityId: id,
  });
  return { ok: true };
}

/** POST /customer_users/{id}/revoke_links: the links in mails already sent stop working. */
export async function revokeCustomerLinks(db: Db, session: SessionData, id: number): Promise<{ ok: true }> {
  await customerUser(db, session.clientId, id);
  await revokeTokens(db, session.clientId, id);
  await recordAudit(db, {
    clientId: session.clientId,
    userId: session.userId,
    action: 'customer_links_revoked',
    entity: 'user',
    entityId: id,
  });
  return { ok: true };
}

/**
 * The "See your account and pay" link of a mail to a customer: a fresh signed single-use link
 * (15 minutes) for an active user bound to that customer, or to its parent (whose family holds
 * it). Null when the customer has no portal user.
 */
export async function customerLinkFor(
  db: Db,
  clientId: number,
  code: string,
  now = new Date(),
): Promise<string | null> {
  const user = await queryRow(
    db,
    sql`select u.id from users u join obligors o on o.client_id = u.client_id and o.sys_obligor_code = ${code}
      where u.client_id = ${clientId} and u.status = 'ACTIVE'
        and (u.customer_code = o.sys_obligor_code or u.customer_code = o.parent_sys_obligor_code)
      order by (u.customer_code = o.sys_obligor_code) desc, u.id limit 1`,
    row({ id: col.int }),
  );
  if (!user) return null;
  const token = await issueToken(db, { clientId, id: user.id }, 'CUSTOMER_LINK', TOKEN_MINUTES.customerLink, now);
  return appUrl(`/api/auth/customer_link?token=${encodeURIComponent(token)}`).toString();
}
