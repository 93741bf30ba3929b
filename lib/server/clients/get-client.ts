import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { notFound } from '@/lib/server/domain-errors';

/** The tenant's own settings: name, currency, locale, ageing boundaries, dimension names. */
export async function getClient(db: Db, clientId: number) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw notFound('Client');
  return client;
}
