import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { notFound } from '@/lib/server/domain-errors';

export type ClientRow = typeof clients.$inferSelect;

/** The tenant's row a call was given, while the call runs (`withClientRow`). */
const held = new AsyncLocalStorage<{ row: ClientRow; live: boolean }>();

/**
 * Runs `work` (one call) with its tenant's row already read: the HTTP binding reads it in the same
 * statement as the session check (current-session.ts), so that the time zone, the boundaries and the
 * currency a service needs cost no round trip of their own. Nearly every call reads them once; a
 * summary is then three statements instead of four. The row is held only until `work` settles (a
 * streamed answer or a job started by the call reads afresh) and only for that client.
 */
export async function withClientRow<T>(row: ClientRow | null, work: () => Promise<T>): Promise<T> {
  if (!row) return work();
  const store = { row, live: true };
  try {
    return await held.run(store, work);
  } finally {
    store.live = false;
  }
}

/** The row held for this call, when it is `clientId`'s. */
export function heldClientRow(clientId: number): ClientRow | undefined {
  const store = held.getStore();
  return store?.live && store.row.id === clientId ? store.row : undefined;
}

/** A call that changes the client's row (payment details) reads it afresh from then on. */
export function forgetClientRow(): void {
  const store = held.getStore();
  if (store) store.live = false;
}

/** The tenant's own settings: name, currency, locale, ageing boundaries, dimension names. */
export async function getClient(db: Db, clientId: number): Promise<ClientRow> {
  const known = heldClientRow(clientId);
  if (known) return known;
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw notFound('Client');
  return client;
}
