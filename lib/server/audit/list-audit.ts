import 'server-only';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, users } from '@/lib/db/schema';
import type { TAuditFilter, TAuditQuery, TAuditRow } from '@/lib/contract/personnel';
import { getClient } from '@/lib/server/clients/get-client';

/** The filters as SQL: days are the client's days (a day starts at midnight in its time zone). */
async function whereOf(db: Db, clientId: number, filter: TAuditFilter): Promise<SQL> {
  const parts: SQL[] = [eq(auditLog.clientId, clientId)];
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.userId) parts.push(eq(auditLog.userId, filter.userId));
  if (filter.entity) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.fromDate || filter.toDate) {
    const { timeZone } = await getClient(db, clientId);
    if (filter.fromDate)
      parts.push(gte(auditLog.at, sql`(${filter.fromDate}::date::timestamp at time zone ${timeZone})`));
    if (filter.toDate)
      parts.push(lt(auditLog.at, sql`((${filter.toDate}::date + 1)::timestamp at time zone ${timeZone})`));
  }
  return and(...parts)!;
}

function select(db: Db) {
  const actor = and(eq(users.clientId, auditLog.clientId), eq(users.id, auditLog.userId));
  return db
    .select({
      id: auditLog.id,
      seq: auditLog.seq,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      detail: auditLog.detail,
      before: auditLog.before,
      after: auditLog.after,
      hash: auditLog.hash,
      actorName: users.name,
      actorEmail: users.email,
      subjectEmail: sql<string | null>`(select s.email from users s where s.client_id = ${auditLog.clientId}
        and ${auditLog.entity} = 'user' and s.id::text = ${auditLog.entityId})`,
    })
    .from(auditLog)
    .leftJoin(users, actor);
}

/** The client's edit log, newest first, with the actor's name (users of the same client only). */
export async function listAudit(
  db: Db,
  clientId: number,
  query: TAuditQuery,
): Promise<{ rows: TAuditRow[]; total: number }> {
  const where = await whereOf(db, clientId, query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(query.count)
      .offset((query.offset - 1) * query.count),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: total?.n ?? 0 };
}

/** Every entry the filters keep, oldest first (the export), at most `limit`. */
export async function allAudit(db: Db, clientId: number, filter: TAuditFilter, limit: number): Promise<TAuditRow[]> {
  const rows = await select(db)
    .where(await whereOf(db, clientId, filter))
    .orderBy(auditLog.seq)
    .limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
