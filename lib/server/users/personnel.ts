import 'server-only';
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { roles, users } from '@/lib/db/schema';
import type { TPersonnelQuery, TPersonRow, TRole } from '@/lib/contract/personnel';
import { escapeLike } from '@/lib/server/receivables/ageing-source';

/** The personnel list: borrowers of the client with role, status and last sign-in. */
export async function listPersonnel(
  db: Db,
  clientId: number,
  query: TPersonnelQuery,
): Promise<{ rows: TPersonRow[]; total: number }> {
  const parts: SQL[] = [eq(users.clientId, clientId), eq(users.userType, 'borrowers')];
  if (query.nameOrEmail) {
    const like = `%${escapeLike(query.nameOrEmail)}%`;
    parts.push(or(ilike(users.name, like), ilike(users.email, like))!);
  }
  if (query.roleId) parts.push(eq(users.roleId, query.roleId));
  if (query.status) parts.push(eq(users.status, query.status));
  const where = and(...parts);
  const join = and(eq(roles.clientId, users.clientId), eq(roles.id, users.roleId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        status: users.status,
        roleId: users.roleId,
        role: roles.code,
        roleName: roles.name,
        lastSignInAt: users.lastSignInAt,
        locked: sql<boolean>`coalesce(${users.lockedUntil} > now(), false)`,
      })
      .from(users)
      .innerJoin(roles, join)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.count)
      .offset((query.offset - 1) * query.count),
    db.select({ n: count() }).from(users).innerJoin(roles, join).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, lastSignInAt: r.lastSignInAt?.toISOString() ?? null })),
    total: total?.n ?? 0,
  };
}

/** GET /user_management: the client's borrower roles with how many users hold each. */
export async function listRoles(db: Db, clientId: number): Promise<TRole[]> {
  // A join, not a correlated subquery: inside one, Drizzle writes the outer columns unqualified, and
  // `u.role_id = "id"` then compared each user with itself, giving every role the same count.
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, users: sql<number>`count(${users.id})::int` })
    .from(roles)
    .leftJoin(users, and(eq(users.clientId, roles.clientId), eq(users.roleId, roles.id)))
    .where(and(eq(roles.clientId, clientId), ne(roles.code, 'investor')))
    .groupBy(roles.id, roles.code, roles.name)
    .orderBy(asc(roles.id));
}
