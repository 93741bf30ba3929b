import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TBankLine } from '@/lib/contract/bank';
import type { Db } from '@/lib/db/client';
import { bankLines, bankReceipts } from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { conflict, notFound } from '@/lib/server/domain-errors';
import { waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { ledgerChanged } from './ledger-changed';
import { bankLineById } from './list-lines';

type AppliedReceipt = typeof bankReceipts.$inferSelect;
type Actor = { clientId: number; userId: number | null };

/** The ledger's receipts of an applied receipt: the money in, and its TDS and write-off parts. */
export const receiptRefs = (paymentRef: string) => [paymentRef, `${paymentRef}/TDS`, `${paymentRef}/WO`];

/** The receipts a line wrote (one, or one per account of a family), the first written first. */
export function receiptsOfLine(tx: Db, clientId: number, lineId: number): Promise<AppliedReceipt[]> {
  return tx
    .select()
    .from(bankReceipts)
    .where(and(eq(bankReceipts.clientId, clientId), eq(bankReceipts.lineId, lineId)))
    .orderBy(asc(sql`length(${bankReceipts.paymentRef})`), asc(bankReceipts.paymentRef));
}

/**
 * What a line was applied as, in the shape the audit has always kept for one receipt: the first
 * receipt's reference, the amounts summed, every invoice; and each receipt when it wrote several.
 */
export function appliedSummary(receipts: readonly AppliedReceipt[]) {
  const [first] = receipts;
  const sum = (pick: (r: AppliedReceipt) => number) => receipts.reduce((s, r) => s + pick(r), 0);
  const tds = sum((r) => r.tdsAmount);
  return {
    paymentRef: first?.paymentRef ?? null,
    sysObligorCode: first?.sysObligorCode ?? null,
    received: sum((r) => r.received),
    allocations: receipts.flatMap((r) => r.allocations),
    tds: tds ? { section: receipts.find((r) => r.tdsSection)?.tdsSection ?? null, amount: tds } : null,
    writeOff: sum((r) => r.writeOff),
    onAccount: sum((r) => r.onAccount),
    ...(receipts.length > 1 && {
      receipts: receipts.map((r) => ({
        paymentRef: r.paymentRef,
        sysObligorCode: r.sysObligorCode,
        received: r.received,
      })),
    }),
  };
}

/**
 * Receipts of one applied line out of the ledger (the money, its TDS and write-off parts, their
 * allocations, the record of the split), its advice open again once none is left, its invoices
 * settled anew and the customers' rollups queued: undoing a line, or the bank returning the cheque
 * it was.
 */
export async function takeOutReceipts(tx: Db, clientId: number, applied: readonly AppliedReceipt[]) {
  const [first] = applied;
  if (!first) return;
  const refs = applied.map((r) => r.paymentRef);
  const list = sql.join(
    refs.flatMap(receiptRefs).map((r) => sql`${r}`),
    sql`, `,
  );
  await tx.execute(sql`delete from allocations where client_id = ${clientId} and payment_ref in (${list})`);
  await tx.execute(sql`delete from receipts where client_id = ${clientId} and payment_ref in (${list})`);
  await tx.delete(bankReceipts).where(and(eq(bankReceipts.clientId, clientId), inArray(bankReceipts.paymentRef, refs)));
  // The advice the line settled waits again for a receipt.
  await tx.execute(sql`update remittance_advices set status = 'OPEN', line_id = null
    where client_id = ${clientId} and line_id = ${first.lineId}
      and not exists (select 1 from bank_receipts r where r.client_id = ${clientId} and r.line_id = ${first.lineId})`);
  const today = await clientToday(tx, clientId);
  await ledgerChanged(
    tx,
    clientId,
    applied.flatMap((r) => r.allocations.map((a) => a.sysInvoiceNum)),
    applied.map((r) => r.sysObligorCode),
    applied.map((r) => r.paidDate).reduce((a, b) => (a < b ? a : b)),
    today,
  );
}

/**
 * POST /api/bank/lines/{id}/undo: every receipt the line wrote out of the ledger, until the ERP's
 * copy of one arrived (the line is then the ERP's to correct, all of it: undoing half a split would
 * leave the payer's money half applied).
 */
export async function undoBankLine(db: Db, by: Actor, id: number): Promise<TBankLine> {
  const { clientId } = by;
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(bankLines)
      .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)))
      .for('update');
    if (!line) throw notFound('Bank line');
    const applied = await receiptsOfLine(tx, clientId, id);
    if (!applied.length) throw conflict('The line is not applied', { id: line.status });
    const copied = applied.find((r) => r.erpPaymentRef);
    if (copied)
      throw conflict(
        `The ERP's copy of this receipt (${copied.erpPaymentRef}) is in the ledger: correct it in the ERP`,
        { id: 'in the ERP' },
      );
    await takeOutReceipts(tx, clientId, applied);
    const status = line.suggestions.length ? 'SUGGESTED' : 'UNMATCHED';
    await tx
      .update(bankLines)
      .set({ status, sysObligorCode: line.suggestions[0]?.sysObligorCode ?? null })
      .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)));
    await recordAudit(tx, {
      clientId,
      userId: by.userId,
      action: 'cash_undone',
      entity: 'bank_line',
      entityId: id,
      detail: { before: { status: 'MATCHED', ...appliedSummary(applied) }, after: { status } },
    });
  });
  await waitForRollups(db, clientId);
  return bankLineById(db, clientId, id);
}
