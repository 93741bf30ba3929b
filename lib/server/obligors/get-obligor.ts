import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { notFound } from '@/lib/server/domain-errors';
import type { TObligorMatch } from '@/lib/contract/obligors';
import { assertObligorVisible, type ObligorScope } from './obligor-scope';

/** GET /obligors/{code}: one customer of the client by code, with its parent's name (for titles and breadcrumbs). */
export async function getObligor(db: Db, clientId: number, code: string, scope?: ObligorScope): Promise<TObligorMatch> {
  await assertObligorVisible(db, clientId, scope, code);
  const [row] = await queryRows<TObligorMatch>(
    db,
    sql`
    select o.sys_obligor_code as "sysObligorCode", o.name, o.parent_sys_obligor_code as "parentSysObligorCode",
      p.name as "parentName", o.city
    from obligors o left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
    where o.client_id = ${clientId} and o.sys_obligor_code = ${code}`,
  );
  if (!row) throw notFound('Customer');
  return row;
}
