import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';

/** A customer's name (its code when it has none on record). */
export async function getObligorName(db: Db, clientId: number, code: string): Promise<string> {
  const found = await queryRow(
    db,
    sql`select name from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`,
    row({ name: col.text }),
  );
  return found?.name ?? code;
}
