/**
 * Tally's re-export of an allocated receipt. A receipt first exported as *On Account* or *Advance*
 * comes back, once someone has applied it in Tally, as *Agst Ref* naming the bill it now pays: the
 * voucher keeps its reference, date and amount, and Tally records no date for the change. Such a
 * row is read as what it means rather than refused: the receipt stays the advance or on-account
 * receipt it is stored as, and what of it is not yet allocated is applied to the bill it names from
 * the day of the import (the first day the ledger says so; earlier dates keep seeing it
 * unallocated, as they did). Allocations already recorded stay; a re-import the same day or later
 * changes nothing.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { Check } from './check';
import { allocatedFrom } from './document-checks';

/**
 * Where an error of an allocations check is reported: its own file, or the payments row it came
 * from. Synthesised allocations carry that payments line as a negative line, so that they are
 * never mistaken for a row of allocations.csv.
 */
export function reportedLine(kind: string, line: number): { kind: 'payments'; line: number } | null {
  return kind === 'allocations' && line < 0 ? { kind: 'payments', line: -line } : null;
}

/**
 * Rewrites the batch's *Agst Ref* rows of stored advance or on-account receipts into the receipt
 * (its stored kind and customer) and an allocation of its unallocated rest to the bill, dated
 * `today`. Runs after staging, before validation, so every check of receipts and allocations holds
 * for them. Returns how many allocations it adds.
 */
export async function allocateReExportedReceipts(db: Db, clientId: number, today: string): Promise<number> {
  await db.execute(sql`insert into import_reexports (line, payment_ref, sys_invoice_num)
    select p.line, p.payment_ref, p.sys_invoice_num from import_payments p
    join receipts r on r.client_id = ${clientId} and r.payment_ref = p.payment_ref
    where p.ok and p.kind = 'AGAINST' and p.sys_invoice_num is not null`);
  const found = await queryRow(db, sql`select count(*)::int as n from import_reexports`, row({ n: col.int }));
  if (!found?.n) return 0;
  await db.execute(sql`update import_payments p
    set kind = r.kind, sys_invoice_num = null, sys_obligor_code = coalesce(p.sys_obligor_code, r.sys_obligor_code)
    from import_reexports x join receipts r on r.client_id = ${clientId} and r.payment_ref = x.payment_ref
    where p.line = x.line`);
  // The rest is the receipt's amount less what is allocated from it once the batch is in, not
  // counting a stored allocation of the same day to the same bill (the new row restates it, so a
  // second import on the same day writes the same amount again).
  const sameDay = sql`coalesce((select s.amount from allocations s where s.client_id = ${clientId}
    and s.payment_ref = x.payment_ref and s.sys_invoice_num = x.sys_invoice_num and s.allocated_date = ${today}::date
    and not exists (select 1 from import_allocations y where y.ok and y.payment_ref = s.payment_ref
      and y.sys_invoice_num = s.sys_invoice_num and y.allocated_date = s.allocated_date)), 0)`;
  await db.execute(sql`update import_reexports x
    set rest = p.amount - ${allocatedFrom(clientId, sql`x.payment_ref`)} + ${sameDay}
    from import_payments p where p.line = x.line and p.amount is not null`);
  const added = await queryRow(
    db,
    sql`with added as (
      insert into import_allocations (line, ok, payment_ref, sys_invoice_num, amount, allocated_date)
      select -x.line, true, x.payment_ref, x.sys_invoice_num, x.rest, ${today}::date from import_reexports x
      where x.rest > 0
        -- allocations.csv's own row of that day and bill wins (and its amount already counts above)
        and not exists (select 1 from import_allocations a where a.ok and a.payment_ref = x.payment_ref
          and a.sys_invoice_num = x.sys_invoice_num and a.allocated_date = ${today}::date)
      returning 1)
    select count(*)::int as n from added`,
    row({ n: col.int }),
  );
  return added?.n ?? 0;
}

/**
 * A re-exported receipt with nothing left to allocate must already be applied to the bill it names
 * (in allocations.csv or stored); naming another bill contradicts the allocations recorded.
 */
export function reExportChecks(clientId: number, ok: (alias: string) => SQL): Check[] {
  return [
    {
      kind: 'payments',
      column: 'sys_invoice_num',
      query: sql`select x.line, 'receipt ' || x.payment_ref || ' is stored on account and already allocated in full, not to '
          || x.sys_invoice_num || ': correct its allocations in allocations.csv' as reason
        from import_reexports x join import_payments p on p.line = x.line${ok('p')}
        where x.rest <= 0
          and not exists (select 1 from import_allocations a where a.ok and a.payment_ref = x.payment_ref and a.sys_invoice_num = x.sys_invoice_num)
          and not exists (select 1 from allocations s where s.client_id = ${clientId} and s.payment_ref = x.payment_ref
            and s.sys_invoice_num = x.sys_invoice_num)`,
    },
  ];
}
