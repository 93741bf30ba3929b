import 'server-only';
import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { roles, users } from '@/lib/db/schema';
import type { TUserPick, TUsersQuery } from '@/lib/contract/personnel';
import { escapeLike } from '@/lib/server/receivables/ageing-source';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: roles.code,
  status: users.status,
  phone: users.phone,
};

/** GET /users: people of the client, searchable by name or email (3+ characters), by role and status. */
export async function listUsers(
  db: Db,
  clientId: number,
  query: TUsersQuery,
): Promise<{ rows: TUserPick[]; total: number }> {
  // Customer users are listed on their customer's page, never among the staff.
  const parts: SQL[] = [eq(users.clientId, clientId), eq(users.userType, 'borrowers'), isNull(users.customerCode)];
  if (query.nameOrEmail) {
    const like = `%${escapeLike(query.nameOrEmail)}%`;
    parts.push(or(ilike(users.name, like), ilike(users.email, like))!);
  }
  if (query.role) parts.push(eq(roles.code, query.role));
  if (query.status) parts.push(eq(users.status, query.status));
  const where = and(...parts);
  const join = and(eq(roles.clientId, users.clientId), eq(roles.id, users.roleId));
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(roles, join)
      .where(where)
      .orderBy(asc(users.name))
      .limit(query.count)
      .offset((query.offset - 1) * query.count),
    db.select({ n: count() }).from(users).innerJoin(roles, join).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** GET /users/client: every active user of the client (assignee pickers). */
export async function listClientUsers(db: Db, clientId: number): Promise<TUserPick[]> {
  return db
    .select(columns)
    .from(users)
    .innerJoin(roles, and(eq(roles.clientId, users.clientId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.status, 'ACTIVE'),
        eq(users.userType, 'borrowers'),
        isNull(users.customerCode),
      ),
    )
    .orderBy(asc(users.name));
}
