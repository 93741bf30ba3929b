import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TContact, TContactsQuery } from '@/lib/contract/contacts';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

/** A row of contactSelect(): the API's contact, as it comes out of SQL. */
export const ContactRow = row({
  id: col.int,
  sysObligorCode: col.text,
  obligorName: col.text,
  parentSysObligorCode: col.text.nullable(),
  parentName: col.text.nullable(),
  name: col.text,
  role: col.text.nullable(),
  email: col.text.nullable(),
  phone: col.text.nullable(),
}) satisfies z.ZodType<TContact, unknown>;

export function contactSelect(where: SQL): SQL {
  return sql`
    select ct.id, ct.sys_obligor_code as "sysObligorCode", o.name as "obligorName",
      o.parent_sys_obligor_code as "parentSysObligorCode", p.name as "parentName", ct.name, ct.role, ct.email, ct.phone
    from contacts ct
    join obligors o on o.client_id = ct.client_id and o.sys_obligor_code = ct.sys_obligor_code
    left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
    where ${where}`;
}

/** The contacts of the user's client that the scope may see (their obligor is in scope). */
export function visibleContacts(clientId: number, scope: ObligorScope): SQL {
  const inScope = scopeCondition(clientId, scope, sql`ct.sys_obligor_code`);
  return inScope ? sql`ct.client_id = ${clientId} and ${inScope}` : sql`ct.client_id = ${clientId}`;
}

/** Name, email or customer name contain the text; a number also matches the phone digits however they are spaced. */
function searchCondition(text: string): SQL {
  const like = `%${escapeLike(text)}%`;
  const parts = [
    sql`ct.name ilike ${like}`,
    sql`ct.email ilike ${like}`,
    sql`ct.phone ilike ${like}`,
    sql`o.name ilike ${like}`,
  ];
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s+\-().]+$/.test(text) && digits.length >= 3) {
    parts.push(sql`regexp_replace(coalesce(ct.phone, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

const SORT_COLUMNS: Record<TContactsQuery['sortBy'], SQL> = {
  name: sql`lower(ct.name)`,
  obligorName: sql`lower(o.name)`,
  role: sql`lower(ct.role)`,
};

/** GET /contacts: paged, searchable, sorted by name, customer or role (then by name and id, so pages are stable). */
export async function listContacts(db: Db, clientId: number, scope: ObligorScope, query: TContactsQuery) {
  if (query.sysObligorCode) await assertObligorVisible(db, clientId, scope, query.sysObligorCode);
  const where: SQL[] = [visibleContacts(clientId, scope)];
  if (query.sysObligorCode) where.push(sql`ct.sys_obligor_code = ${query.sysObligorCode}`);
  if (query.search) where.push(searchCondition(query.search));
  const condition = sql.join(where, sql` and `);
  const direction = query.order === 'DESC' ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    queryRows(
      db,
      sql`${contactSelect(condition)}
      order by ${SORT_COLUMNS[query.sortBy]} ${direction} nulls last, lower(ct.name) ${direction}, ct.id ${direction}
      limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      ContactRow,
    ),
    queryRow(
      db,
      sql`
      select count(*) as total from contacts ct
      join obligors o on o.client_id = ct.client_id and o.sys_obligor_code = ct.sys_obligor_code
      where ${condition}`,
      row({ total: col.int }),
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}
