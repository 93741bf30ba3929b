import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { notFound } from '@/lib/server/domain-errors';

export type { ObligorScope };

/**
 * `codeColumn in (the obligors the scope may see)`, or null when it sees all. Every query that
 * returns obligors, invoices or amounts of a scoped user goes through it (indexes obligors_guest,
 * obligors_representative).
 */
export function scopeCondition(clientId: number, scope: ObligorScope | undefined, codeColumn: SQL): SQL | null {
  const codes = scopeObligors(clientId, scope);
  return codes ? sql`${codeColumn} in (${codes})` : null;
}

/** The codes of the obligors the scope may see (a query), or null when it sees all. */
export function scopeObligors(clientId: number, scope: ObligorScope | undefined): SQL | null {
  const own = ownScopeCondition(scope, sql`s`);
  return own ? sql`select s.sys_obligor_code from obligors s where s.client_id = ${clientId} and ${own}` : null;
}

/**
 * The same rule on an obligors row itself (alias `obligor`): its own guest or representative
 * column, which the index answers without a self-join. Null when the scope sees all.
 */
export function ownScopeCondition(scope: ObligorScope | undefined, obligor: SQL): SQL | null {
  // A customer user: the bound customer and, when it is a parent, the members of its family.
  if (scope?.kind === 'CUSTOMER')
    return sql`${obligor}.sys_obligor_code in (${sql.join(
      scope.codes.map((c) => sql`${c}`),
      sql`, `,
    )})`;
  if (!isScoped(scope)) return null;
  const column = scope.role === 'guest' ? sql`guest_id` : sql`representative_id`;
  return sql`${obligor}.${column} = ${scope.userId}`;
}

/**
 * True when the scope may see the obligor, or any member of the family when it is a parent. A
 * customer user may name only their bound customer or a member of its family: an account's user
 * never sees its parent's name, even with the account inside it.
 */
export async function canSeeObligor(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  code: string,
): Promise<boolean> {
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const named =
    scope?.kind === 'CUSTOMER'
      ? sql`o.sys_obligor_code = ${code}`
      : sql`(o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code})`;
  const found = await queryRow(
    db,
    sql`
    select 1 as one from obligors o
    where o.client_id = ${clientId} and ${named} and ${inScope}
    limit 1`,
    row({ one: col.int }),
  );
  return found !== undefined;
}

/** Refuses (404, as for a customer that does not exist) an obligor outside the user's scope. */
export async function assertObligorVisible(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  code: string,
): Promise<void> {
  if (!(await canSeeObligor(db, clientId, scope, code))) throw notFound('Customer');
}

/**
 * A customer user's scope: the bound customer and, when it is a parent, every member of its family
 * (read per request, so an account moved into or out of the family counts at once).
 */
export async function customerScopeOf(db: Db, clientId: number, code: string): Promise<ObligorScope> {
  const members = await queryRows(
    db,
    sql`select sys_obligor_code as code from obligors
    where client_id = ${clientId} and (sys_obligor_code = ${code} or parent_sys_obligor_code = ${code})`,
    row({ code: col.text }),
  );
  return { kind: 'CUSTOMER', code, codes: [code, ...members.map((m) => m.code).filter((c) => c !== code)] };
}
