import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { KindCounts } from './apply';
import type { ImportKind } from './formats';

/** The earliest date each kind of new row can move a figure at (its staging table's). */
const CHANGE_DATES: Partial<Record<ImportKind, SQL>> = {
  invoices: sql`select min(issue_date) as d from import_invoices`,
  payments: sql`select min(paid_date) as d from import_payments`,
  allocations: sql`select min(allocated_date) as d from import_allocations`,
  // A schedule ages its invoice differently from the invoice's issue date on; a schedule of a stored
  // invoice (not in the batch) gives no date: every date is rebuilt.
  instalments: sql`select case when count(*) = count(i.issue_date) then min(i.issue_date) end as d
    from import_instalments k left join import_invoices i on i.sys_invoice_num = k.sys_invoice_num and i.ok`,
  ratings: sql`select min(rating_date) as d from import_ratings`,
  disputes: sql`select min(opened_date) as d from import_disputes`,
  // A cheque moves no ledger figure; its promise is read as of today.
  cheques: sql`select current_date as d`,
};

/**
 * The earliest date the batch can move a figure at: the rollups of earlier dates stay valid. Only
 * new documents, payments and ratings qualify; a changed obligor (family, dims) or a changed
 * existing row (whose old date is gone) needs every date rebuilt (undefined).
 */
export async function earliestChange(
  db: Db,
  counts: Partial<Record<ImportKind, KindCounts>>,
): Promise<string | undefined> {
  if ((counts.obligors?.inserted ?? 0) + (counts.obligors?.updated ?? 0) > 0) return undefined;
  let earliest: string | undefined;
  for (const [kind, query] of Object.entries(CHANGE_DATES) as [ImportKind, SQL][]) {
    const c = counts[kind];
    if (!c || c.inserted + c.updated === 0) continue;
    if (c.updated > 0) return undefined;
    const first = await queryRow(db, sql`select d::text as d from (${query}) x`, row({ d: col.day.nullable() }));
    if (!first?.d) return undefined;
    if (!earliest || first.d < earliest) earliest = first.d;
  }
  return earliest;
}
