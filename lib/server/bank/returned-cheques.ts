import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/**
 * A returned cheque of the statement is linked to the deposit it reverses: the same account,
 * cheque number and amount, deposited on or before the return and not reversed already (the latest
 * such deposit). The return becomes RETURNED; the deposit, if no one has applied it, IGNORED: its
 * money never arrived. An applied deposit keeps its status (undoing an application is not built).
 */
export async function linkReturnedCheques(db: Db, clientId: number, statementId: number): Promise<void> {
  await db.execute(sql`
    with returns as (
      select r.id, r.bank_account_id, r.cheque_number, r.debit, r.txn_date
      from bank_lines r
      where r.client_id = ${clientId} and r.statement_id = ${statementId}
        and r.returned and r.debit > 0 and r.cheque_number is not null and r.reverses_line_id is null
    ), pairs as (
      select distinct on (r.id) r.id as return_id, d.id as deposit_id
      from returns r
      join bank_lines d on d.client_id = ${clientId} and d.bank_account_id = r.bank_account_id
        and d.cheque_number = r.cheque_number and d.credit = r.debit and d.channel = 'CHEQUE'
        and not d.returned and d.txn_date <= r.txn_date
      where not exists (select 1 from bank_lines o where o.client_id = ${clientId} and o.reverses_line_id = d.id)
      order by r.id, d.txn_date desc, d.id desc
    ), marked as (
      update bank_lines l set status = 'RETURNED', reverses_line_id = p.deposit_id
      from pairs p where l.client_id = ${clientId} and l.id = p.return_id
      returning p.deposit_id
    )
    update bank_lines d set status = 'IGNORED', sys_obligor_code = null, confidence = null, suggestions = '[]'::jsonb
    from marked m
    where d.client_id = ${clientId} and d.id = m.deposit_id and d.status in ('UNMATCHED', 'SUGGESTED')`);
}
