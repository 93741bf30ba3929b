import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { COMMUNICATION_CHANNELS, type TCommunication, type TCommunicationsQuery } from '@/lib/contract/communications';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

/** A row of communicationSelect(): the API's communication, as it comes out of SQL. */
export const CommunicationRow = row({
  id: col.int,
  sysObligorCode: col.text,
  obligorName: col.text,
  commDate: col.day,
  channel: col.oneOf(COMMUNICATION_CHANNELS),
  summary: col.text,
  promisedAmount: col.num.nullable(),
  followUpDate: col.day.nullable(),
  userId: col.int.nullable(),
  userName: col.text.nullable(),
  createdAt: col.instant,
}) satisfies z.ZodType<TCommunication, unknown>;

/** The columns of a communication row, with its obligor's and the logging user's names. */
export function communicationSelect(where: SQL): SQL {
  return sql`
    select c.id, c.sys_obligor_code as "sysObligorCode", o.name as "obligorName", c.comm_date::text as "commDate",
      c.channel, c.summary, c.promised_amount::text as "promisedAmount", c.follow_up_date::text as "followUpDate",
      c.user_id as "userId", u.name as "userName", c.created_at as "createdAt"
    from communications c
    join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
    left join users u on u.client_id = c.client_id and u.id = c.user_id
    where ${where}`;
}

/**
 * GET /communications/obligors/{code}: the obligor's notes, or a parent's whole family (itself and
 * its children), newest first by default. A scoped user sees only the family members assigned to
 * them; a family with none of them is 404, like a customer that does not exist.
 */
export async function listCommunications(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
  query: TCommunicationsQuery,
): Promise<{ rows: TCommunication[]; total: number }> {
  await assertObligorVisible(db, clientId, scope, code);
  const where: SQL[] = [
    sql`c.client_id = ${clientId}`,
    sql`(o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code})`,
  ];
  const inScope = scopeCondition(clientId, scope, sql`c.sys_obligor_code`);
  if (inScope) where.push(inScope);
  const condition = sql.join(where, sql` and `);
  // id breaks ties between notes of one day, in the order they were logged.
  const order = query.order === 'ASC' ? sql`c.comm_date asc, c.id asc` : sql`c.comm_date desc, c.id desc`;
  const [rows, count] = await Promise.all([
    queryRows(
      db,
      sql`${communicationSelect(condition)}
      order by ${order} limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      CommunicationRow,
    ),
    queryRow(
      db,
      sql`
      select count(*) as total from communications c
      join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
      where ${condition}`,
      row({ total: col.int }),
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}
