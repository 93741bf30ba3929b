import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';

/** Answers kept per database connection; a few hundred selections (client, scope, filter) at most. */
const KEPT = 256;
const memory = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * What a forecast depends on besides the day: the ledger (the last import's time) and the promises
 * and disputes (how many, the newest, how many are open). One cheap read; any change gives a new key.
 */
async function forecastInputs(db: Db, clientId: number): Promise<string> {
  const inputs = await queryRow(
    db,
    sql`select
      (select integration_update_time::text from data_update_times where client_id = ${clientId}) as ledger,
      (select count(*) || '/' || coalesce(max(id), 0) || '/' || count(*) filter (where status = 'OPEN')
        from promises where client_id = ${clientId}) as promises,
      (select count(*) || '/' || coalesce(max(id), 0) || '/' || count(*) filter (where status = 'OPEN')
        from disputes where client_id = ${clientId}) as disputes`,
    row({ ledger: col.text.nullable(), promises: col.text, disputes: col.text }),
  );
  return `${inputs?.ledger ?? ''}|${inputs?.promises ?? ''}|${inputs?.disputes ?? ''}`;
}

/**
 * When the stored forecast does not answer (forecast-store.ts: not yet built for the day or the
 * ledger, or a past day), the forecast reads every open debt and a year of settled ones seven times
 * (today and the six back-test month ends): it is computed once per client day and per change of its
 * inputs, and kept in memory for the same question (docs/collections.md, "Kept ready: the stored
 * forecast"). The client-wide lateness profiles, which every prediction falls back on, likewise.
 */
export async function remembered<T>(db: Db, clientId: number, question: string, compute: () => Promise<T>): Promise<T> {
  const key = `${clientId}|${question}|${await forecastInputs(db, clientId)}`;
  let answers = memory.get(db);
  if (!answers) memory.set(db, (answers = new Map()));
  const kept = answers.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const answer = compute();
  answers.set(key, answer);
  if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
  answer.catch(() => answers.delete(key));
  return answer;
}
