import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { notFound } from '@/lib/server/domain-errors';
import type { TObligorMatch } from '@/lib/contract/obligors';
import { obligorMatchColumns, ObligorMatchRow } from './search-obligors';
import { assertObligorVisible, type ObligorScope } from './obligor-scope';

/** GET /obligors/{code}: one customer of the client by code, with its parent's name (for titles and breadcrumbs). */
export async function getObligor(db: Db, clientId: number, code: string, scope?: ObligorScope): Promise<TObligorMatch> {
  await assertObligorVisible(db, clientId, scope, code);
  const row = await queryRow(
    db,
    sql`
    ${obligorMatchColumns}
    where o.client_id = ${clientId} and o.sys_obligor_code = ${code}`,
    ObligorMatchRow,
  );
  if (!row) throw notFound('Customer');
  return row;
}
