import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { pages, rolePermissions, roles, userPagePermissions, users } from '@/lib/db/schema';
import { isAdminRole } from '@/lib/domain/features';
import {
  ZFeatureType,
  type TPage,
  type TRoleMatrix,
  type TRolePermissionsBody,
  type TStoredRolePermission,
} from '@/lib/contract/personnel';
import { invalid, notFound } from '@/lib/server/domain-errors';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { bumpSessionVersion } from '@/lib/server/auth/account-changes';
import type { SessionData } from '@/lib/server/auth/session-cookie';

/** The catalogue holds the features of lib/domain/features.ts only (the seed and client creation write it). */
const feature = (featureType: string) => ZFeatureType.parse(featureType);

/** GET /user_management/pages: the shared catalogue of page features and permissions. */
export async function listPages(db: Db): Promise<TPage[]> {
  const rows = await db.select().from(pages).orderBy(asc(pages.sortOrder));
  return rows.map((r) => ({ ...r, featureType: feature(r.featureType) }));
}

/** GET /user_management/pagepermissions: every role's matrix of the client. */
export async function listRolePermissions(db: Db, clientId: number): Promise<TStoredRolePermission[]> {
  const { roleId, featureType, accessValue } = rolePermissions;
  const rows = await db
    .select({ roleId, featureType, accessValue })
    .from(rolePermissions)
    .innerJoin(pages, eq(pages.featureType, rolePermissions.featureType))
    .where(eq(rolePermissions.clientId, clientId))
    .orderBy(asc(rolePermissions.roleId), asc(pages.sortOrder));
  return rows.map((r) => ({ ...r, featureType: feature(r.featureType) }));
}

export async function findRole(db: Db, clientId: number, roleId: number) {
  const [role] = await db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(roles)
    .where(and(eq(roles.clientId, clientId), eq(roles.id, roleId)));
  if (!role || role.code === 'investor') throw notFound('Role');
  return role;
}

/** GET /user_management/{role_id}/permissions: the role's row, every catalogue entry present. */
export async function roleMatrix(db: Db, clientId: number, roleId: number): Promise<TRoleMatrix> {
  const role = await findRole(db, clientId, roleId);
  const rows = await db
    .select({
      featureType: pages.featureType,
      kind: pages.kind,
      label: pages.label,
      accessValue: rolePermissions.accessValue,
    })
    .from(pages)
    .leftJoin(
      rolePermissions,
      and(
        eq(rolePermissions.featureType, pages.featureType),
        eq(rolePermissions.clientId, clientId),
        eq(rolePermissions.roleId, roleId),
      ),
    )
    .orderBy(asc(pages.sortOrder));
  const admin = isAdminRole(role.code);
  // Admin and root always hold everything (lib/domain/access.ts); their row is shown, not stored.
  return {
    role,
    editable: !admin,
    permissions: rows.map((r) => ({
      ...r,
      featureType: feature(r.featureType),
      accessValue: admin || (r.accessValue ?? false),
    })),
  };
}

/** The features a role grants, in catalogue (menu) order. */
export async function grantedFeatures(db: Db, clientId: number, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ featureType: rolePermissions.featureType })
    .from(rolePermissions)
    .innerJoin(pages, eq(pages.featureType, rolePermissions.featureType))
    .where(
      and(
        eq(rolePermissions.clientId, clientId),
        eq(rolePermissions.roleId, roleId),
        eq(rolePermissions.accessValue, true),
      ),
    )
    .orderBy(asc(pages.sortOrder));
  return rows.map((r) => r.featureType);
}

/** Replaces a user's stored page permissions with the given features (in order). */
export async function applyFeatures(db: Db, clientId: number, userId: number, features: string[]): Promise<void> {
  await db
    .delete(userPagePermissions)
    .where(and(eq(userPagePermissions.clientId, clientId), eq(userPagePermissions.userId, userId)));
  if (features.length) {
    await db
      .insert(userPagePermissions)
      .values(
        features.map((featureType, position) => ({ clientId, userId, featureType, accessValue: true, position })),
      );
  }
}

/**
 * POST /user_management/{role_id}/permissions: stores the role's matrix and gives it to every
 * user of the role. Their sessions end (version + 1), so the change holds from their next request.
 * MANAGE_USERS stays with admin and root: the issue reserves personnel management to them.
 */
export async function saveRolePermissions(db: Db, session: SessionData, roleId: number, body: TRolePermissionsBody) {
  const role = await findRole(db, session.clientId, roleId);
  if (isAdminRole(role.code))
    throw invalid('Administrator and root always see every page; their permissions cannot be edited.');
  if (body.permissions.some((p) => p.featureType === 'MANAGE_USERS' && p.accessValue)) {
    throw invalid('Only administrator and root may manage personnel.', {
      permissions: 'MANAGE_USERS is reserved to admin and root',
    });
  }
  const { clientId } = session;
  const affected = await db.transaction(async (tx) => {
    const before = await grantedFeatures(tx, clientId, roleId);
    for (const p of body.permissions) {
      await tx
        .insert(rolePermissions)
        .values({ clientId, roleId, featureType: p.featureType, accessValue: p.accessValue })
        .onConflictDoUpdate({
          target: [rolePermissions.clientId, rolePermissions.roleId, rolePermissions.featureType],
          set: { accessValue: p.accessValue },
        });
    }
    const features = await grantedFeatures(tx, clientId, roleId);
    const members = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.roleId, roleId)));
    for (const m of members) await applyFeatures(tx, clientId, m.id, features);
    await bumpSessionVersion(
      tx,
      clientId,
      members.map((m) => m.id),
    );
    await recordAudit(tx, {
      clientId,
      userId: session.userId,
      action: 'role_permissions_changed',
      entity: 'role',
      entityId: roleId,
      detail: { role: role.code, granted: features, users: members.length },
      before: { granted: before },
      after: { granted: features },
    });
    return members.length;
  });
  return { ...(await roleMatrix(db, clientId, roleId)), usersUpdated: affected };
}
