import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { clients, revokedSessions, users } from '@/lib/db/schema';
import type { ClientRow } from '@/lib/server/clients/get-client';
import { SESSION_TTL_SECONDS, type SessionData } from './session-cookie';

/** A new session's id: what sign-out revokes, so that a copy of the cookie dies with it. */
export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * A session stays valid while its user is active, its version has not been bumped (password
 * change or reset, role change, sign-out everywhere) and it was not signed out.
 */
export async function isSessionCurrent(db: Db, session: SessionData): Promise<boolean> {
  return (await currentSessionClient(db, session)) !== null;
}

/**
 * The session's client row when the session is current (as `isSessionCurrent`), else null: the
 * check and the tenant's settings in one statement, which the call then reads from
 * (get-client.ts `withClientRow`) instead of a round trip of its own.
 */
export async function currentSessionClient(db: Db, session: SessionData): Promise<ClientRow | null> {
  if (typeof session.sid !== 'string' || session.sid === '') return null;
  const [row] = await db
    .select({
      status: users.status,
      sessionVersion: users.sessionVersion,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${session.sid})`,
      client: getTableColumns(clients),
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(and(eq(users.clientId, session.clientId), eq(users.id, session.userId)))
    .limit(1);
  const current = row?.status === 'ACTIVE' && row.sessionVersion === session.sessionVersion && !row.revoked;
  return current ? row.client : null;
}

/**
 * Ends one session on the server. Its cookie may live on in a copy for at most the session's
 * lifetime (each check-in re-seals it for that long, and a revoked session cannot check in).
 */
export async function revokeSession(db: Db, session: SessionData, now = new Date()): Promise<void> {
  if (typeof session.sid !== 'string' || session.sid === '') return;
  await db
    .insert(revokedSessions)
    .values({
      sid: session.sid,
      clientId: session.clientId,
      userId: session.userId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    })
    .onConflictDoNothing();
}

/** Revocations whose cookies have expired anyway (run by the daily step). */
export async function pruneRevokedSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
}
