import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { assertObligorVisible, scopeCondition } from '@/lib/server/obligors/obligor-scope';

/** Whose debts a prediction or a forecast covers: the user's scope, narrowed to a dim1 value, a family or an account. */
export interface DebtSelection {
  scope: ObligorScope;
  dim1Id?: number;
  family?: string;
  account?: string;
  /** Only these families (the ones whose promises or disputes changed since the stored forecast). */
  families?: readonly string[];
}

/** The selection as a condition on the obligors of alias `o`. */
export function selectionCondition(clientId: number, selection: DebtSelection): SQL {
  const conditions: SQL[] = [sql`true`];
  const inScope = scopeCondition(clientId, selection.scope, sql`o.sys_obligor_code`);
  if (inScope) conditions.push(inScope);
  if (selection.dim1Id !== undefined) conditions.push(sql`o.dim1_id = ${selection.dim1Id}`);
  if (selection.family !== undefined)
    conditions.push(sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) = ${selection.family}`);
  if (selection.account !== undefined) conditions.push(sql`o.sys_obligor_code = ${selection.account}`);
  if (selection.families !== undefined)
    conditions.push(selection.families.length ? familyIn(selection.families) : sql`false`);
  return sql.join(conditions, sql` and `);
}

/** Obligors `o` of these families, found through the parent index and the primary key. */
function familyIn(families: readonly string[]): SQL {
  const list = sql.join(
    families.map((f) => sql`${f}`),
    sql`, `,
  );
  return sql`(o.parent_sys_obligor_code in (${list}) or o.sys_obligor_code in (${list}))
    and coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) in (${list})`;
}

/**
 * A customer's code as a selection: a parent's code means its family, a child's its own account.
 * The customer must be visible to the user (404 otherwise, as for one that does not exist).
 */
export async function customerSelection(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
): Promise<DebtSelection> {
  await assertObligorVisible(db, clientId, scope, code);
  const found = await queryRow(
    db,
    sql`select parent_sys_obligor_code as parent from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`,
    row({ parent: col.text.nullable() }),
  );
  return found?.parent ? { scope, account: code } : { scope, family: code };
}
