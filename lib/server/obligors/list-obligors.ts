import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { ManageCustomerSortKey, TManagedObligorRow, TObligorListQuery } from '@/lib/contract/manage-customers';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { scopeCondition } from './obligor-scope';

const SORT_COLUMNS: Record<ManageCustomerSortKey, SQL> = {
  name: sql`o.name`,
  sys_obligor_code: sql`o.sys_obligor_code`,
  parent_name: sql`p.name`,
  business_id: sql`o.business_id`,
  city: sql`o.city`,
  credit_limit: sql`o.credit_limit`,
  guest_name: sql`g.name`,
  representative_name: sql`r.name`,
  rm_name: sql`m.name`,
};

/** The row's columns and the joins naming its parent, people and region (alias o is the obligor). */
const SELECT = sql`
  select o.sys_obligor_code as "sysObligorCode", o.name, o.parent_sys_obligor_code as "parentSysObligorCode",
    p.name as "parentName", o.business_id as "businessId", o.city, o.trade_channel as "tradeChannel",
    o.credit_limit as "creditLimit", o.guest_id as "guestId", g.name as "guestName",
    o.representative_id as "representativeId", r.name as "representativeName", o.rm_id as "rmId", m.name as "rmName",
    o.rm_association_dim_id as "rmAssociationDimId", o.dim1_id as "dim1Id", d.name as dim1
  from obligors o
  left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
  left join users g on g.client_id = o.client_id and g.id = o.guest_id
  left join users r on r.client_id = o.client_id and r.id = o.representative_id
  left join users m on m.client_id = o.client_id and m.id = o.rm_id
  left join dimension_values d on d.client_id = o.client_id and d.id = o.dim1_id`;

/** A row of SELECT: the answer's row. */
const ManagedObligorRow = row({
  sysObligorCode: col.text,
  name: col.text,
  parentSysObligorCode: col.text.nullable(),
  parentName: col.text.nullable(),
  businessId: col.text.nullable(),
  city: col.text.nullable(),
  tradeChannel: col.text.nullable(),
  creditLimit: col.num.nullable(),
  guestId: col.int.nullable(),
  guestName: col.text.nullable(),
  representativeId: col.int.nullable(),
  representativeName: col.text.nullable(),
  rmId: col.int.nullable(),
  rmName: col.text.nullable(),
  rmAssociationDimId: col.int.nullable(),
  dim1Id: col.int.nullable(),
  dim1: col.text.nullable(),
}) satisfies z.ZodType<TManagedObligorRow, unknown>;

type ListFilters = Omit<TObligorListQuery, 'offset' | 'count' | 'sortBy' | 'orderBy' | 'clientId'>;

function conditions(clientId: number, scope: ObligorScope | undefined, q: ListFilters): SQL[] {
  const parts: SQL[] = [sql`o.client_id = ${clientId}`];
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`);
  if (inScope) parts.push(inScope);
  if (q.parentSysObligorCode) parts.push(sql`o.parent_sys_obligor_code = ${q.parentSysObligorCode}`);
  if (q.businessId) parts.push(sql`o.business_id ilike ${`%${escapeLike(q.businessId)}%`}`);
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    parts.push(sql`(o.name ilike ${like} or o.sys_obligor_code ilike ${like})`);
  }
  if (q.guestId) parts.push(sql`o.guest_id = ${q.guestId}`);
  if (q.representativeId) parts.push(sql`o.representative_id = ${q.representativeId}`);
  if (q.rmId) parts.push(sql`o.rm_id = ${q.rmId}`);
  if (q.rmAssociationDimId) parts.push(sql`o.rm_association_dim_id = ${q.rmAssociationDimId}`);
  return parts;
}

/**
 * GET obligors/list: one row per obligor (parents and children) matching the filters, in the
 * user's scope, sorted and paged in SQL. Unassigned people sort last in either order; the code
 * breaks ties so that pages never overlap.
 */
export async function listObligors(
  db: Db,
  clientId: number,
  query: TObligorListQuery & { scope?: ObligorScope },
): Promise<{ rows: TManagedObligorRow[]; total: number }> {
  const where = sql.join(conditions(clientId, query.scope, query), sql` and `);
  const direction = query.orderBy === 'DESC' ? sql`desc` : sql`asc`;
  const [rows, counted] = await Promise.all([
    queryRows(
      db,
      sql`${SELECT}
      where ${where}
      order by ${SORT_COLUMNS[query.sortBy]} ${direction} nulls last, o.sys_obligor_code ${direction}
      limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      ManagedObligorRow,
    ),
    queryRow(db, sql`select count(*)::int as total from obligors o where ${where}`, row({ total: col.int })),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One obligor in the list's shape (the answer of an assignment), or undefined. */
export async function managedObligor(db: Db, clientId: number, code: string): Promise<TManagedObligorRow | undefined> {
  return queryRow(
    db,
    sql`${SELECT}
    where o.client_id = ${clientId} and o.sys_obligor_code = ${code}`,
    ManagedObligorRow,
  );
}
