import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { SessionData } from './session-cookie';

/** A session stays valid while its user is active and its version has not been bumped. */
export async function isSessionCurrent(db: Db, session: SessionData): Promise<boolean> {
  const [row] = await db
    .select({ status: users.status, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.clientId, session.clientId), eq(users.id, session.userId)))
    .limit(1);
  return row?.status === 'ACTIVE' && row.sessionVersion === session.sessionVersion;
}
