import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { dayIn } from '@/lib/domain/instants';
import { notFound } from '@/lib/server/domain-errors';
import { heldClientRow } from './get-client';

/** The client's time zone (settings), in which its "today" and every instant it reads are taken. */
export async function clientTimeZone(db: Db, clientId: number): Promise<string> {
  const known = heldClientRow(clientId);
  if (known) return known.timeZone;
  const [row] = await db.select({ timeZone: clients.timeZone }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw notFound('Client');
  return row.timeZone;
}

/**
 * The client's today: the calendar day in its own time zone, the default date of every figure,
 * the first day a task may fall due and the last a conversation may be logged on.
 */
export async function clientToday(db: Db, clientId: number, now = new Date()): Promise<string> {
  return todayOf({ timeZone: await clientTimeZone(db, clientId) }, now);
}

/** The same day for a client already read (no second read of its row). */
export function todayOf(client: { timeZone: string }, now = new Date()): string {
  return dayIn(now, client.timeZone);
}
