import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dataUpdateTimes } from '@/lib/db/schema';
import { checkPromises } from '@/lib/server/promises/check-promises';
import { refreshSettlement } from '@/lib/server/receivables/refresh-rollups';
import { queueRollupJob } from '@/lib/server/receivables/rollup-jobs';

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Settles the named items again, brings promises up to date and queues the rollups of the
 * customers whose receipts changed (every account of a family a line paid), rebuilt after the commit.
 */
export async function ledgerChanged(
  tx: Db,
  clientId: number,
  items: readonly string[],
  codes: readonly string[],
  since: string,
  today: string,
) {
  if (items.length) await refreshSettlement(tx, clientId, sql`select unnest(${textArray(items)}) as sys_invoice_num`);
  await checkPromises(tx, clientId, today);
  const now = new Date();
  await tx
    .insert(dataUpdateTimes)
    .values({ clientId, integrationUpdateTime: now })
    .onConflictDoUpdate({ target: dataUpdateTimes.clientId, set: { integrationUpdateTime: now } });
  await queueRollupJob(tx, {
    clientId,
    importId: null,
    queuedAt: now,
    asOf: today,
    since: since < today ? since : today,
    obligors: sql`select unnest(${textArray([...new Set(codes)])})`,
  });
}
