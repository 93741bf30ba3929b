import 'server-only';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, users } from '@/lib/db/schema';
import type { TAuditQuery, TAuditRow } from '@/lib/contract/personnel';

/** The client's audit log, newest first, with the actor's name (users of the same client only). */
export async function listAudit(
  db: Db,
  clientId: number,
  query: TAuditQuery,
): Promise<{ rows: TAuditRow[]; total: number }> {
  const where = query.action
    ? and(eq(auditLog.clientId, clientId), eq(auditLog.action, query.action))
    : eq(auditLog.clientId, clientId);
  const actor = and(eq(users.clientId, auditLog.clientId), eq(users.id, auditLog.userId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        detail: auditLog.detail,
        actorName: users.name,
        actorEmail: users.email,
        subjectEmail: sql<string | null>`(select s.email from users s where s.client_id = ${auditLog.clientId}
        and ${auditLog.entity} = 'user' and s.id::text = ${auditLog.entityId})`,
      })
      .from(auditLog)
      .leftJoin(users, actor)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.count)
      .offset((query.offset - 1) * query.count),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: total?.n ?? 0 };
}
