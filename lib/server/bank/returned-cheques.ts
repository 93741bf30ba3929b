import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { bankLines } from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { markChequeReturned } from '@/lib/server/cheques/cheque-writes';
import { loadCheque } from '@/lib/server/cheques/cheques';
import { appliedSummary, receiptsOfLine, takeOutReceipts } from './undo-line';

const Pair = row({
  returnId: col.int,
  depositId: col.int,
  chequeNumber: col.text,
  amount: col.num,
  returnedOn: col.day,
  narration: col.text,
});

/**
 * A returned cheque of the statement is linked to the deposit it reverses: the same account,
 * cheque number and amount, deposited on or before the return and not reversed already (the latest
 * such deposit). The return becomes RETURNED; the deposit, if no one has applied it, IGNORED: its
 * money never arrived. Answers the pairs linked.
 */
async function linkPairs(db: Db, clientId: number, statementId: number) {
  return queryRows(
    db,
    sql`
    with returns as (
      select r.id, r.bank_account_id, r.cheque_number, r.debit, r.txn_date, r.narration
      from bank_lines r
      where r.client_id = ${clientId} and r.statement_id = ${statementId}
        and r.returned and r.debit > 0 and r.cheque_number is not null and r.reverses_line_id is null
    ), pairs as (
      select distinct on (r.id) r.id as return_id, d.id as deposit_id, r.cheque_number, r.debit, r.txn_date, r.narration
      from returns r
      join bank_lines d on d.client_id = ${clientId} and d.bank_account_id = r.bank_account_id
        and d.cheque_number = r.cheque_number and d.credit = r.debit and d.channel = 'CHEQUE'
        and not d.returned and d.txn_date <= r.txn_date
      where not exists (select 1 from bank_lines o where o.client_id = ${clientId} and o.reverses_line_id = d.id)
      order by r.id, d.txn_date desc, d.id desc
    ), marked as (
      update bank_lines l set status = 'RETURNED', reverses_line_id = p.deposit_id
      from pairs p where l.client_id = ${clientId} and l.id = p.return_id
      returning p.*
    ), ignored as (
      update bank_lines d set status = 'IGNORED', sys_obligor_code = null, confidence = null, suggestions = '[]'::jsonb
      from marked m
      where d.client_id = ${clientId} and d.id = m.deposit_id and d.status in ('UNMATCHED', 'SUGGESTED')
    )
    select return_id as "returnId", deposit_id as "depositId", cheque_number as "chequeNumber", debit as amount,
      txn_date::text as "returnedOn", narration from marked`,
    Pair,
  );
}

/** The bank's reason as the return memo words it, for the register and the s138 notice. */
export function returnReasonOf(narration: string): string {
  const text = narration.toUpperCase();
  const reasons: [RegExp, string][] = [
    [/INSUFF|FUNDS|NSF/, 'Funds insufficient'],
    [/EXCEED/, 'Exceeds arrangement'],
    [/STOP/, 'Payment stopped by drawer'],
    [/A\/?C CLOSED|ACCOUNT CLOSED|ACCT CLOSED/, 'Account closed'],
    [/SIGN/, 'Drawer’s signature differs'],
  ];
  return reasons.find(([re]) => re.test(text))?.[1] ?? `Returned unpaid (bank statement: ${narration.slice(0, 120)})`;
}

/**
 * Returned cheques of the statement, in its transaction: each linked to its deposit; a deposit
 * already applied has its receipt taken out of the ledger (its invoices open again, the return line
 * keeps the receipts' references in `reversed_receipt`, one per account when it paid a family's bills; an ERP copy that arrived meanwhile stands:
 * the ERP must reverse it); and the cheque, when the register holds it (same number and amount,
 * deposited or cleared, the applied customer's when known), is marked returned as a person would:
 * its promise broken, the bounce counted, the s138 tasks made. Answers whether the ledger changed.
 */
export async function linkReturnedCheques(
  tx: Db,
  by: { clientId: number; userId: number | null },
  statementId: number,
): Promise<boolean> {
  const { clientId } = by;
  let ledgerChanged = false;
  for (const pair of await linkPairs(tx, clientId, statementId)) {
    // Every receipt the deposit wrote (one per account when it paid a family's bills); an ERP copy
    // that arrived meanwhile stands: the ERP must reverse it.
    const applied = await receiptsOfLine(tx, clientId, pair.depositId);
    const ours = applied.filter((r) => !r.erpPaymentRef);
    if (ours.length) {
      await takeOutReceipts(tx, clientId, ours);
      await tx
        .update(bankLines)
        .set({ status: 'IGNORED' })
        .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, pair.depositId)));
      const summary = appliedSummary(ours);
      await tx
        .update(bankLines)
        .set({ reversedReceipt: ours.map((r) => r.paymentRef).join(', '), sysObligorCode: summary.sysObligorCode })
        .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, pair.returnId)));
      await recordAudit(tx, {
        clientId,
        userId: by.userId,
        action: 'cash_reversed',
        entity: 'bank_line',
        entityId: pair.returnId,
        detail: {
          deposit: pair.depositId,
          paymentRef: summary.paymentRef,
          sysObligorCode: summary.sysObligorCode,
          received: summary.received,
          allocations: summary.allocations,
          ...(summary.receipts && { receipts: summary.receipts }),
        },
      });
      ledgerChanged = true;
    }
    const onRegister = await queryRow(
      tx,
      sql`select id, created_by as "createdBy" from cheques
          where client_id = ${clientId} and ltrim(cheque_number, '0') = ltrim(${pair.chequeNumber}, '0')
            and amount = ${pair.amount.toFixed(2)} and status in ('DEPOSITED', 'CLEARED')
            and deposited_on <= ${pair.returnedOn}::date
            ${
              applied.length
                ? sql`and sys_obligor_code in (${sql.join(
                    applied.map((r) => sql`${r.sysObligorCode}`),
                    sql`, `,
                  )})`
                : sql``
            }
          order by deposited_on desc, id desc limit 1`,
      row({ id: col.int, createdBy: col.int.nullable() }),
    );
    const userId = by.userId ?? onRegister?.createdBy ?? null;
    if (onRegister && userId !== null) {
      const cheque = await loadCheque(tx, clientId, onRegister.id);
      await markChequeReturned(tx, clientId, userId, cheque, pair.returnedOn, returnReasonOf(pair.narration));
    }
  }
  return ledgerChanged;
}
