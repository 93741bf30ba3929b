import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { notFound } from '@/lib/server/domain-errors';
import { scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

/**
 * Refuses (404) an obligor that is not itself in the user's scope. Notes and contacts belong to one
 * obligor, so unlike reading a family (assertObligorVisible), seeing one child of a parent is not
 * enough to write on the parent.
 */
export async function assertObligorInScope(db: Db, clientId: number, scope: ObligorScope, code: string): Promise<void> {
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const found = await queryRow(
    db,
    sql`
    select 1 as one from obligors o where o.client_id = ${clientId} and o.sys_obligor_code = ${code} and ${inScope}`,
    row({ one: col.int }),
  );
  if (!found) throw notFound('Customer');
}
