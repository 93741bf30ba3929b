import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { selectionCondition, type DebtSelection } from './debt-selection';

/**
 * What the selection's open credits hold on `day` (negative): credit notes standing alone and bills
 * credited beyond their amount, the items the forecast leaves out (nobody pays a credit). With the
 * open debts they make the balance the Balance card shows for the same customers and day, so the
 * forecast card can name the step from one to the other (docs/glossary.md, "Cash-in forecast").
 */
export async function openCredits(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  day: string,
  today: string,
): Promise<number> {
  const d = sql`${day}::date`;
  const owed =
    day >= today
      ? sql`i.amount - i.paid_to_date`
      : sql`i.amount - coalesce((select sum(p.amount) from settlements p
          where p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num and p.paid_date <= ${d}), 0)`;
  const open = day >= today ? sql`i.settled_date is null` : sql`(i.settled_date is null or i.settled_date > ${d})`;
  const found = await queryRow(
    db,
    sql`select coalesce(sum(c.owed), 0) as credits from (
      select ${owed} as owed from invoices i
      join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
      where i.client_id = ${clientId} and i.issue_date <= ${d} and ${open} and ${selectionCondition(clientId, selection)}
    ) c where c.owed < 0`,
    row({ credits: col.num }),
  );
  return found?.credits ?? 0;
}
