import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TObligorMatch } from '@/lib/contract/obligors';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { scopeCondition, type ObligorScope } from './obligor-scope';

/** A customer with its parent, as a search and GET /obligors/{code} answer it (obligorMatchColumns). */
export const ObligorMatchRow = row({
  sysObligorCode: col.text,
  name: col.text,
  parentSysObligorCode: col.text.nullable(),
  parentName: col.text.nullable(),
  city: col.text.nullable(),
}) satisfies z.ZodType<TObligorMatch, unknown>;

/** The select of ObligorMatchRow over an obligor `o` and its parent. */
export const obligorMatchColumns = sql`
  select o.sys_obligor_code as "sysObligorCode", o.name, o.parent_sys_obligor_code as "parentSysObligorCode",
    p.name as "parentName", o.city
  from obligors o left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code`;

/** GET /v3/parentobligors?obligorName=: customers whose name or code contains the text (3+ characters). */
export async function searchObligors(
  db: Db,
  clientId: number,
  text: string,
  scope?: ObligorScope,
  limit = 20,
): Promise<TObligorMatch[]> {
  const like = `%${escapeLike(text)}%`;
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  return queryRows(
    db,
    sql`
    ${obligorMatchColumns}
    where o.client_id = ${clientId} and (o.name ilike ${like} or o.sys_obligor_code ilike ${like}) and ${inScope}
    order by (o.name ilike ${`${escapeLike(text)}%`}) desc, o.name
    limit ${limit}`,
    ObligorMatchRow,
  );
}
