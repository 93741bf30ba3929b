import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TestDatabase } from './db';
import { clientIdOf, createSeededDatabase, signInUser } from './seeded';

/** The demo data seen by the communications and contacts tests. */
export interface User {
  cookie: string;
  userId: number;
}

export interface NotesWorld {
  database: TestDatabase;
  clientId: number;
  admin: User;
  guest: User;
  rep: User;
  kaveri: User;
  /** A parent whose family has notes on the parent's children, and one of those children. */
  family: { parent: string; child: string; familyTotal: number; childTotal: number };
  /** Obligors assigned to the demo field officer and area sales manager (own), and ones that are not (other). */
  guestOwn: string;
  guestOther: string;
  repOwn: string;
  repOther: string;
}

export async function notesWorld(): Promise<NotesWorld> {
  const database = await createSeededDatabase();
  const clientId = await clientIdOf(database, 'VARDHMAN');
  const signIn = (email: string) => signInUser(database, email);
  const admin = await signIn('admin@vardhman.test');
  const guest = await signIn('guest@vardhman.test');
  const rep = await signIn('rep@vardhman.test');
  const kaveri = await signIn('admin@kaveri.test');
  const [fam] = await queryRows(
    database.db,
    sql`
    with per_child as (
      select o.parent_sys_obligor_code as parent, o.sys_obligor_code as child, count(*) as n
      from communications c join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
      where c.client_id = ${clientId} and o.parent_sys_obligor_code is not null
      group by 1, 2)
    select parent, (array_agg(child order by n desc, child))[1] as child, sum(n) as family_total, max(n) as child_total
    from per_child group by parent having count(*) >= 2 order by sum(n) desc, parent limit 1`,
    row({ parent: col.text, child: col.text, family_total: col.int, child_total: col.int }),
  );
  if (!fam) throw new Error('no family with notes on two children');
  const family = {
    parent: fam.parent,
    child: fam.child,
    familyTotal: fam.family_total,
    childTotal: fam.child_total,
  };

  const assigned = async (column: 'guest_id' | 'representative_id', userId: number, mine: boolean) => {
    const [found] = await queryRows(
      database.db,
      sql`
      select o.sys_obligor_code as code from obligors o
      where o.client_id = ${clientId} and o.parent_sys_obligor_code is not null
        and ${mine ? sql`o.${sql.raw(column)} = ${userId}` : sql`o.${sql.raw(column)} is distinct from ${userId}`}
        and exists (select 1 from communications c where c.client_id = o.client_id and c.sys_obligor_code = o.sys_obligor_code)
      order by o.sys_obligor_code limit 1`,
      row({ code: col.text }),
    );
    if (!found) throw new Error(`no obligor for ${column} ${userId} (${mine})`);
    return found.code;
  };
  const guestOwn = await assigned('guest_id', guest.userId, true);
  const guestOther = await assigned('guest_id', guest.userId, false);
  const repOwn = await assigned('representative_id', rep.userId, true);
  const repOther = await assigned('representative_id', rep.userId, false);
  return { database, clientId, admin, guest, rep, kaveri, family, guestOwn, guestOther, repOwn, repOther };
}
