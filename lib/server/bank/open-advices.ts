import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { OpenAdvice } from '@/lib/domain/remittance-evidence';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';

const AdviceRow = row({
  id: col.int,
  sysObligorCode: col.text,
  amount: col.num,
  paidOn: col.day,
  reference: col.text,
  invoices: col.array(col.text),
});

/**
 * The client's remittance advices still OPEN (no bank line matched to them), with their bills by
 * sys_invoice_num: read once per statement, and at apply those of the customer or of its bills.
 */
export async function openAdvices(db: Db, clientId: number, where: SQL = sql`true`): Promise<OpenAdvice[]> {
  const rows = await queryRows(
    db,
    sql`select ra.id, ra.sys_obligor_code as "sysObligorCode", ra.amount, ra.paid_on::text as "paidOn", ra.reference,
          ra.invoices
        from remittance_advices ra
        where ra.client_id = ${clientId} and ra.status = 'OPEN' and ${where}
        order by ra.paid_on, ra.id`,
    AdviceRow,
  );
  return rows.map((r) => ({ ...r, amount: Math.round(r.amount * 100) }));
}
