import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';

/**
 * `read` with the client's ageing history marked stale, so that its calls take the path they take
 * without it (the ledger's, or a rollup date's rollups); the mark is put back afterwards.
 */
export async function fromLedger<T>(db: Db, clientId: number, read: () => Promise<T>): Promise<T> {
  const [saved] = await queryRows(
    db,
    sql`select history_ledger_time::text as t from data_update_times where client_id = ${clientId}`,
    row({ t: col.text.nullable() }),
  );
  await db.execute(sql`update data_update_times set history_ledger_time = null where client_id = ${clientId}`);
  try {
    return await read();
  } finally {
    await db.execute(
      sql`update data_update_times set history_ledger_time = ${saved?.t ?? null}::timestamptz where client_id = ${clientId}`,
    );
  }
}
