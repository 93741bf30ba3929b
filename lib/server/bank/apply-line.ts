import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { TApplyBody, TBankLine } from '@/lib/contract/bank';
import { splitOfApplied } from '@/lib/domain/cash-application';
import { payerKeys } from '@/lib/domain/payer-identity';
import { adviceSettled, type CreditFacts } from '@/lib/domain/remittance-evidence';
import { tdsQuarter } from '@/lib/domain/tds';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { bankLines, bankPayers, bankReceipts, dataUpdateTimes } from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { conflict, DomainError, invalid, notFound } from '@/lib/server/domain-errors';
import { checkPromises } from '@/lib/server/promises/check-promises';
import { refreshSettlement } from '@/lib/server/receivables/refresh-rollups';
import { queueRollupJob, waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { erpCopyOf } from './erp-copies';
import { openAdvices } from './open-advices';
import { bankLineById } from './list-lines';

const paise = (rupees: number) => Math.round(rupees * 100);

/** The ledger's receipts of an applied line: the money in, and its TDS and write-off parts. */
export const receiptRefs = (paymentRef: string) => [paymentRef, `${paymentRef}/TDS`, `${paymentRef}/WO`];
export const paymentRefOf = (lineId: number) => `BANK-${lineId}`;

const OpenRow = row({ sysInvoiceNum: col.text, sysObligorCode: col.text, docType: col.text, open: col.num });

type Actor = { clientId: number; userId: number | null };

/** Settles the named items again, brings promises up to date and rebuilds the customer's rollups after the commit. */
async function ledgerChanged(tx: Db, clientId: number, items: string[], code: string, since: string, today: string) {
  if (items.length)
    await refreshSettlement(
      tx,
      clientId,
      sql`select unnest(${sql`array[${sql.join(
        items.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`}) as sys_invoice_num`,
    );
  await checkPromises(tx, clientId, today);
  const now = new Date();
  await tx
    .insert(dataUpdateTimes)
    .values({ clientId, integrationUpdateTime: now })
    .onConflictDoUpdate({ target: dataUpdateTimes.clientId, set: { integrationUpdateTime: now } });
  await queueRollupJob(tx, {
    clientId,
    importId: null,
    queuedAt: now,
    asOf: today,
    since: since < today ? since : today,
    obligors: sql`select ${code}::text`,
  });
}

/**
 * POST /api/bank/lines/{id}/apply: in one transaction, the credit becomes a receipt of the customer
 * (`BANK-{line}`) allocated to the invoices it pays, the TDS the customer deducted a receipt
 * `BANK-{line}/TDS` and the written-off difference `BANK-{line}/WO` allocated to the same invoices
 * (what settles them in full), the remainder on account; the payer's identity is learned; the items
 * are settled again and promises checked at once, the customer's ageing rebuilt after the commit.
 */
export async function applyBankLine(db: Db, by: Actor, id: number, body: TApplyBody): Promise<TBankLine> {
  await db.transaction((tx) => applyInTransaction(tx, by, id, body));
  await waitForRollups(db, by.clientId);
  return bankLineById(db, by.clientId, id);
}

/**
 * After an upload, with a client that set an auto-apply threshold: each line the matcher made
 * MATCHED is applied with its best suggestion, each in a transaction of its own; one that cannot be
 * (its invoices paid meanwhile, the ERP's copy already in) goes back to SUGGESTED. Returns how
 * many were applied.
 */
export async function applyMatchedLines(db: Db, by: Actor, statementId: number): Promise<number> {
  const matched = await db
    .select({ id: bankLines.id, suggestions: bankLines.suggestions })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.clientId, by.clientId),
        eq(bankLines.statementId, statementId),
        eq(bankLines.status, 'MATCHED'),
        sql`not exists (select 1 from bank_receipts r where r.client_id = ${by.clientId} and r.line_id = ${bankLines.id})`,
      ),
    );
  let applied = 0;
  for (const line of matched) {
    const best = line.suggestions[0];
    try {
      if (!best) throw conflict('no suggestion');
      await db.transaction((tx) =>
        applyInTransaction(tx, by, line.id, {
          sysObligorCode: best.sysObligorCode,
          allocations: best.allocations.map((a) => ({ sysInvoiceNum: a.sysInvoiceNum, amount: a.amount / 100 })),
          tds: best.tds
            ? { section: best.tds.section as '194Q' | '194C' | '194J', amount: best.tds.amount / 100 }
            : null,
          writeOff: best.writeOff / 100,
          onAccount: best.onAccount / 100,
        }),
      );
      applied++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await db
        .update(bankLines)
        .set({ status: 'SUGGESTED' })
        .where(and(eq(bankLines.clientId, by.clientId), eq(bankLines.id, line.id)));
    }
  }
  if (applied) await waitForRollups(db, by.clientId);
  return applied;
}

async function applyInTransaction(tx: Db, by: Actor, id: number, body: TApplyBody): Promise<void> {
  const { clientId } = by;
  {
    const [line] = await tx
      .select()
      .from(bankLines)
      .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)))
      .for('update');
    if (!line) throw notFound('Bank line');
    const [applied] = await tx
      .select({ paymentRef: bankReceipts.paymentRef })
      .from(bankReceipts)
      .where(and(eq(bankReceipts.clientId, clientId), eq(bankReceipts.lineId, id)));
    if (applied) throw conflict(`The line is already applied (receipt ${applied.paymentRef})`, { id: 'applied' });
    if (!['SUGGESTED', 'UNMATCHED', 'MATCHED'].includes(line.status) || Number(line.credit) <= 0)
      throw conflict(`The line is ${line.status.toLowerCase()}: only a credit waiting to be matched is applied`, {
        id: line.status,
      });
    const received = paise(Number(line.credit));
    const code = body.sysObligorCode;
    const items = body.allocations.map((a) => ({ sysInvoiceNum: a.sysInvoiceNum, amount: paise(a.amount) }));
    if (new Set(items.map((i) => i.sysInvoiceNum)).size !== items.length)
      throw invalid('An invoice appears twice in the split', { allocations: 'an invoice twice' });
    const tds = body.tds ? { section: body.tds.section, amount: paise(body.tds.amount) } : null;
    const writeOff = paise(body.writeOff ?? 0);
    const onAccount = paise(body.onAccount ?? 0);
    const split = splitOfApplied({ received, allocations: items, tds: tds?.amount ?? 0, writeOff, onAccount });
    if ('problem' in split) throw invalid(split.problem, { [split.field]: split.problem });

    const customer = await queryRows(
      tx,
      sql`select 1 as one from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`,
      row({ one: col.int }),
    );
    if (!customer.length) throw invalid(`No customer ${code}`, { sysObligorCode: 'no such customer' });
    const open = items.length
      ? await queryRows(
          tx,
          sql`select sys_invoice_num as "sysInvoiceNum", sys_obligor_code as "sysObligorCode", doc_type as "docType",
                amount - paid_to_date as open
              from invoices where client_id = ${clientId} and sys_invoice_num in (${sql.join(
                items.map((i) => sql`${i.sysInvoiceNum}`),
                sql`, `,
              )})`,
          OpenRow,
        )
      : [];
    for (const item of items) {
      const found = open.find((o) => o.sysInvoiceNum === item.sysInvoiceNum);
      if (!found || found.sysObligorCode !== code || found.docType !== 'INVOICE')
        throw invalid(`${item.sysInvoiceNum} is no invoice of ${code}`, {
          allocations: `${item.sysInvoiceNum}: not an invoice of ${code}`,
        });
      if (item.amount > paise(found.open))
        throw invalid(
          `${item.sysInvoiceNum} has ${found.open.toFixed(2)} open, less than ${(item.amount / 100).toFixed(2)}`,
          {
            allocations: `${item.sysInvoiceNum}: more than is open`,
          },
        );
    }
    const paidDate = line.valueDate ?? line.txnDate;
    const references = [line.utr, line.rrn, line.chequeNumber, line.reference].filter((r): r is string => !!r);
    const erp = await erpCopyOf(tx, clientId, { sysObligorCode: code, amount: received, date: paidDate, references });
    if (erp)
      throw conflict(
        `This receipt is already in the ledger from the ERP (${erp}): applying it again would count it twice`,
        {
          id: 'in the ledger',
        },
      );

    const paymentRef = paymentRefOf(id);
    const [cashRef, tdsRef, woRef] = receiptRefs(paymentRef);
    const receiptsRows = [{ ref: cashRef!, amount: received }];
    if (tds) receiptsRows.push({ ref: tdsRef!, amount: tds.amount });
    if (writeOff) receiptsRows.push({ ref: woRef!, amount: writeOff });
    for (const r of receiptsRows)
      await tx.execute(sql`insert into receipts (client_id, payment_ref, sys_obligor_code, kind, paid_date, amount)
        values (${clientId}, ${r.ref}, ${code}, 'ON_ACCOUNT', ${paidDate}::date, ${(r.amount / 100).toFixed(2)})`);
    for (const part of split.parts)
      await tx.execute(sql`insert into allocations (client_id, payment_ref, sys_invoice_num, allocated_date, amount)
        values (${clientId}, ${part.source === 'CASH' ? cashRef! : part.source === 'TDS' ? tdsRef! : woRef!},
          ${part.sysInvoiceNum}, ${paidDate}::date, ${(part.amount / 100).toFixed(2)})`);
    const quarter = tds ? tdsQuarter(paidDate) : null;
    await tx.insert(bankReceipts).values({
      clientId,
      lineId: id,
      paymentRef,
      sysObligorCode: code,
      paidDate,
      received,
      allocations: items,
      tdsSection: tds?.section ?? null,
      tdsAmount: tds?.amount ?? 0,
      tdsQuarter: quarter ? `${quarter.financialYear} ${quarter.quarter}` : null,
      writeOff,
      onAccount,
      bankReferences: references,
      appliedBy: by.userId,
    });
    await tx
      .update(bankLines)
      .set({ status: 'MATCHED', sysObligorCode: code })
      .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)));
    const advice = await adviceOfLine(tx, clientId, id, code, items, {
      credit: received,
      date: paidDate,
      references: [line.utr, line.rrn, line.chequeNumber, line.reference],
    });
    const keys = payerKeys({
      vpa: line.vpa,
      payerAccount: line.payerAccount,
      ifsc: line.ifsc,
      payerName: line.payerName,
    });
    if (keys.length)
      await tx
        .insert(bankPayers)
        .values(keys.map((k) => ({ clientId, kind: k.kind, value: k.value, sysObligorCode: code })))
        .onConflictDoNothing();
    const today = await clientToday(tx, clientId);
    await ledgerChanged(
      tx,
      clientId,
      items.map((i) => i.sysInvoiceNum),
      code,
      paidDate,
      today,
    );
    await recordAudit(tx, {
      clientId,
      userId: by.userId,
      action: 'cash_applied',
      entity: 'bank_line',
      entityId: id,
      detail: {
        before: { status: line.status, sysObligorCode: line.sysObligorCode },
        after: {
          status: 'MATCHED',
          paymentRef,
          sysObligorCode: code,
          received,
          allocations: items,
          tds,
          writeOff,
          onAccount,
          adviceId: advice?.id ?? null,
        },
      },
    });
  }
}

/**
 * The customer's remittance advice the applied line settles, marked MATCHED with the line: an OPEN
 * advice of the customer, or naming one of the invoices paid (a parent's advice of a member's
 * bills), by the line's reference, else by amount and day (lib/domain/remittance-evidence.ts).
 */
async function adviceOfLine(
  tx: Db,
  clientId: number,
  lineId: number,
  code: string,
  items: { sysInvoiceNum: string }[],
  line: CreditFacts,
) {
  const paid = items.length
    ? sql` or ra.invoices && array[${sql.join(
        items.map((i) => sql`${i.sysInvoiceNum}`),
        sql`, `,
      )}]::text[]`
    : sql``;
  const advice = adviceSettled(await openAdvices(tx, clientId, sql`(ra.sys_obligor_code = ${code}${paid})`), line);
  if (advice)
    await tx.execute(sql`update remittance_advices set status = 'MATCHED', line_id = ${lineId}
      where client_id = ${clientId} and id = ${advice.id}`);
  return advice;
}

/**
 * An applied line's receipts out of the ledger (the money, its TDS and write-off parts, their
 * allocations, the record of the split), its advice open again, its invoices settled anew and the
 * customer's rollups queued: undoing a line, or the bank returning the cheque it was.
 */
export async function takeOutReceipts(tx: Db, clientId: number, applied: typeof bankReceipts.$inferSelect) {
  const list = sql.join(
    receiptRefs(applied.paymentRef).map((r) => sql`${r}`),
    sql`, `,
  );
  await tx.execute(sql`delete from allocations where client_id = ${clientId} and payment_ref in (${list})`);
  await tx.execute(sql`delete from receipts where client_id = ${clientId} and payment_ref in (${list})`);
  await tx
    .delete(bankReceipts)
    .where(and(eq(bankReceipts.clientId, clientId), eq(bankReceipts.lineId, applied.lineId)));
  // The advice the line settled waits again for a receipt.
  await tx.execute(sql`update remittance_advices set status = 'OPEN', line_id = null
    where client_id = ${clientId} and line_id = ${applied.lineId}`);
  const today = await clientToday(tx, clientId);
  await ledgerChanged(
    tx,
    clientId,
    applied.allocations.map((a) => a.sysInvoiceNum),
    applied.sysObligorCode,
    applied.paidDate,
    today,
  );
}

/** POST /api/bank/lines/{id}/undo: the line's receipts out of the ledger, until the ERP's copy arrived. */
export async function undoBankLine(db: Db, by: Actor, id: number): Promise<TBankLine> {
  const { clientId } = by;
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(bankLines)
      .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)))
      .for('update');
    if (!line) throw notFound('Bank line');
    const [applied] = await tx
      .select()
      .from(bankReceipts)
      .where(and(eq(bankReceipts.clientId, clientId), eq(bankReceipts.lineId, id)));
    if (!applied) throw conflict('The line is not applied', { id: line.status });
    if (applied.erpPaymentRef)
      throw conflict(
        `The ERP's copy of this receipt (${applied.erpPaymentRef}) is in the ledger: correct it in the ERP`,
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
      detail: {
        before: {
          status: 'MATCHED',
          paymentRef: applied.paymentRef,
          sysObligorCode: applied.sysObligorCode,
          received: applied.received,
          allocations: applied.allocations,
          tds: applied.tdsSection ? { section: applied.tdsSection, amount: applied.tdsAmount } : null,
          writeOff: applied.writeOff,
          onAccount: applied.onAccount,
        },
        after: { status },
      },
    });
  });
  await waitForRollups(db, clientId);
  return bankLineById(db, clientId, id);
}
