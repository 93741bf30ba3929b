import 'server-only';
import { sql } from 'drizzle-orm';
import type { OpenItem } from '@/lib/domain/cash-match';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { OpenItemsBook } from './open-items-book';

const MemberRow = row({ code: col.text, name: col.text, head: col.bool });

export interface PayerFamily {
  /** The parent's name, as the reasons call the group. */
  name: string;
  /** The open items of the parent and of every account of it. */
  items: readonly OpenItem[];
}

/**
 * A known payer's family, asked only when the account's own items fit nothing: the parent (the
 * account itself when it has none) and the parent's accounts, by the obligors' primary key and the
 * index of parents (`obligors_parent`), their open items from the statement's book. Remembered per
 * statement for each account of the family; null for an account alone or a family owing nothing more.
 */
export function payerFamilies(db: Db, clientId: number, open: OpenItemsBook) {
  const byCode = new Map<string, Promise<PayerFamily | null>>();
  const read = async (code: string): Promise<PayerFamily | null> => {
    const members = await queryRows(
      db,
      sql`with head as (
            select coalesce(parent_sys_obligor_code, sys_obligor_code) as code from obligors
            where client_id = ${clientId} and sys_obligor_code = ${code})
          select o.sys_obligor_code as code, o.name, o.sys_obligor_code = head.code as head
          from head join obligors o on o.client_id = ${clientId}
            and (o.sys_obligor_code = head.code or o.parent_sys_obligor_code = head.code)`,
      MemberRow,
    );
    const head = members.find((m) => m.head);
    if (!head) return null;
    const family = { name: head.name, items: members.flatMap((m) => open.byCustomer.get(m.code) ?? []) };
    for (const m of members) byCode.set(m.code, Promise.resolve(family));
    return family;
  };
  return async (code: string): Promise<PayerFamily | null> => {
    let family = byCode.get(code);
    if (!family) {
      family = read(code);
      byCode.set(code, family);
    }
    const found = await family;
    // An account alone, or a family owing nothing beyond the account: nothing more to search.
    return found && found.items.length > (open.byCustomer.get(code)?.length ?? 0) ? found : null;
  };
}
