import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { Db } from '@/lib/db/client';
import { clients, pages, roles, userPagePermissions, users } from '@/lib/db/schema';
import { effectiveAccess, type AccessProfile } from '@/lib/domain/access';
import { landingPath } from '@/lib/domain/route-permissions';
import type { TUser } from '@/lib/contract/auth';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { notFound } from '@/lib/server/domain-errors';

const userColumns = {
  clientId: users.clientId,
  id: users.id,
  email: users.email,
  name: users.name,
  userType: users.userType,
  status: users.status,
  passwordHash: users.passwordHash,
  failedAttempts: users.failedAttempts,
  lockedUntil: users.lockedUntil,
  sessionVersion: users.sessionVersion,
  lastSignInAt: users.lastSignInAt,
  customerCode: users.customerCode,
  // A customer user's customer by name (the avatar menu says whose user they are).
  customerName: sql<
    string | null
  >`(select o.name from obligors o where o.client_id = ${users.clientId} and o.sys_obligor_code = ${users.customerCode})`,
  role: roles.code,
  clientName: clients.name,
};

function userQuery(db: Db) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, and(eq(roles.clientId, users.clientId), eq(roles.id, users.roleId)))
    .innerJoin(clients, eq(clients.id, users.clientId));
}

export type UserRow = Awaited<ReturnType<typeof findUserByEmail>>;

/** Sign-in looks a user up by email alone; it is the only query not scoped by client_id. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await userQuery(db).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUser(db: Db, clientId: number, userId: number) {
  const [row] = await userQuery(db)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))
    .limit(1);
  return row;
}

/** The user's stored page list and permissions, in their order. */
export async function loadPagePermissions(db: Db, clientId: number, userId: number) {
  return db
    .select({
      featureType: userPagePermissions.featureType,
      accessValue: userPagePermissions.accessValue,
      kind: pages.kind,
    })
    .from(userPagePermissions)
    .innerJoin(pages, eq(pages.featureType, userPagePermissions.featureType))
    .where(and(eq(userPagePermissions.clientId, clientId), eq(userPagePermissions.userId, userId)))
    .orderBy(asc(userPagePermissions.position));
}

export async function loadAccessProfile(db: Db, user: NonNullable<UserRow>): Promise<AccessProfile> {
  // A customer user has the customer portal and nothing else, whatever rows are stored.
  if (user.customerCode) {
    return {
      userType: user.userType,
      role: user.role,
      pages: ['CUSTOMER PORTAL'],
      permissions: [],
      customer: user.customerCode,
    };
  }
  const stored = await loadPagePermissions(db, user.clientId, user.id);
  return effectiveAccess(user.userType, user.role, stored);
}

/** The user entity the API answers (GET /borrowers/user, /investors/user, sign-in). */
export function toUserDto(user: NonNullable<UserRow>, profile: AccessProfile, customerName?: string | null): TUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    clientId: user.clientId,
    clientName: user.clientName,
    status: user.status,
    userType: user.userType,
    userPage: profile.pages.map((featureType) => ({ featureType })),
    pagePermissions: profile.permissions.map((featureType) => ({ featureType, accessValue: true })),
    landingPath: landingPath(profile),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    customer: user.customerCode ? { code: user.customerCode, name: customerName ?? user.customerCode } : null,
  };
}

/** GET /api/{borrowers|investors}/user: the signed-in user as the API answers it. */
export async function currentUser(db: Db, session: SessionData): Promise<TUser> {
  const user = await findUser(db, session.clientId, session.userId);
  if (!user) throw notFound('User');
  return toUserDto(user, await loadAccessProfile(db, user), await customerNameOf(db, user));
}

/** A customer user's customer by name (the avatar menu says whose user they are); null for staff. */
export async function customerNameOf(db: Db, user: NonNullable<UserRow>): Promise<string | null> {
  if (!user.customerCode) return null;
  const found = await queryRow(
    db,
    sql`select name from obligors where client_id = ${user.clientId} and sys_obligor_code = ${user.customerCode}`,
    row({ name: col.text }),
  );
  return found?.name ?? null;
}
