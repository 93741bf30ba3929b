import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { TApplyBody, TBankLine } from '@/lib/contract/bank';
import { receiptsByAccount, splitOfApplied } from '@/lib/domain/cash-application';
import { payerKeys } from '@/lib/domain/payer-identity';
import { adviceSettled, type CreditFacts } from '@/lib/domain/remittance-evidence';
import { tdsQuarter } from '@/lib/domain/tds';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { bankLines, bankPayers, bankReceipts } from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { conflict, DomainError, invalid, notFound } from '@/lib/server/domain-errors';
import { waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { erpCopyOf } from './erp-copies';
import { ledgerChanged } from './ledger-changed';
import { openAdvices } from './open-advices';
import { bankLineById } from './list-lines';
import { receiptRefs, receiptsOfLine } from './undo-line';

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * A line's receipts: `BANK-{line}` the first (the named customer's when it takes any of the money),
 * a family's other accounts' `BANK-{line}-2`, `-3`, … (lib/domain/cash-application.ts `receiptsByAccount`).
 */
export const paymentRefOf = (lineId: number, nth = 1) => (nth === 1 ? `BANK-${lineId}` : `BANK-${lineId}-${nth}`);

const OpenRow = row({ sysInvoiceNum: col.text, sysObligorCode: col.text, docType: col.text, open: col.num });

type Actor = { clientId: number; userId: number | null };

/**
 * POST /api/bank/lines/{id}/apply: in one transaction, the credit becomes a receipt of the customer
 * (`BANK-{line}`) allocated to the invoices it pays, the TDS the customer deducted a receipt
 * `BANK-{line}/TDS` and the written-off difference `BANK-{line}/WO` allocated to the same invoices
 * (what settles them in full), the remainder on account; the payer's identity is learned; the items
 * are settled again and promises checked at once, the customer's ageing rebuilt after the commit.
 * Bills of several accounts of the customer's family make one receipt per account (`BANK-{line}`,
 * `BANK-{line}-2`, …), each with its bills' TDS and write-off, the remainder the named customer's.
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

/** The accounts a line may pay bills of when applied as `code`: its family (the parent and every account of it). */
async function familyOf(tx: Db, clientId: number, code: string): Promise<Set<string>> {
  const members = await queryRows(
    tx,
    sql`with head as (
          select coalesce(parent_sys_obligor_code, sys_obligor_code) as code from obligors
          where client_id = ${clientId} and sys_obligor_code = ${code})
        select o.sys_obligor_code as code from head join obligors o on o.client_id = ${clientId}
          and (o.sys_obligor_code = head.code or o.parent_sys_obligor_code = head.code)`,
    row({ code: col.text }),
  );
  return new Set(members.map((m) => m.code));
}

/** Each invoice's account, once each is checked to be an open invoice of the family with that much open. */
async function accountsOfItems(
  tx: Db,
  clientId: number,
  code: string,
  items: readonly { sysInvoiceNum: string; amount: number }[],
): Promise<Map<string, string>> {
  const family = await familyOf(tx, clientId, code);
  if (!family.size) throw invalid(`No customer ${code}`, { sysObligorCode: 'no such customer' });
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
  const whose = family.size > 1 ? `${code} or of its family` : code;
  const accountOf = new Map<string, string>();
  for (const item of items) {
    const found = open.find((o) => o.sysInvoiceNum === item.sysInvoiceNum);
    if (!found || !family.has(found.sysObligorCode) || found.docType !== 'INVOICE')
      throw invalid(`${item.sysInvoiceNum} is no invoice of ${whose}`, {
        allocations: `${item.sysInvoiceNum}: not an invoice of ${whose}`,
      });
    if (item.amount > paise(found.open))
      throw invalid(
        `${item.sysInvoiceNum} has ${found.open.toFixed(2)} open, less than ${(item.amount / 100).toFixed(2)}`,
        { allocations: `${item.sysInvoiceNum}: more than is open` },
      );
    accountOf.set(item.sysInvoiceNum, found.sysObligorCode);
  }
  return accountOf;
}

async function applyInTransaction(tx: Db, by: Actor, id: number, body: TApplyBody): Promise<void> {
  const { clientId } = by;
  const [line] = await tx
    .select()
    .from(bankLines)
    .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)))
    .for('update');
  if (!line) throw notFound('Bank line');
  const [applied] = await receiptsOfLine(tx, clientId, id);
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
  const accountOf = await accountsOfItems(tx, clientId, code, items);
  const byAccount = receiptsByAccount({ ...split, allocations: items, onAccount }, (n) => accountOf.get(n)!, code);
  if ('problem' in byAccount) throw invalid(byAccount.problem, { [byAccount.field]: byAccount.problem });

  const paidDate = line.valueDate ?? line.txnDate;
  const references = [line.utr, line.rrn, line.chequeNumber, line.reference].filter((r): r is string => !!r);
  // One receipt counts once, each account's apart: the ERP may hold any of them already.
  for (const r of byAccount.receipts) {
    const facts = { sysObligorCode: r.sysObligorCode, amount: r.received, date: paidDate, references };
    const erp = await erpCopyOf(tx, clientId, facts);
    if (erp)
      throw conflict(
        `This receipt is already in the ledger from the ERP (${erp}): applying it again would count it twice`,
        { id: 'in the ledger' },
      );
  }
  const quarter = tds ? tdsQuarter(paidDate) : null;
  const written: { paymentRef: string; sysObligorCode: string; received: number }[] = [];
  for (const [n, r] of byAccount.receipts.entries()) {
    const paymentRef = paymentRefOf(id, n + 1);
    const [cashRef, tdsRef, woRef] = receiptRefs(paymentRef);
    const receiptsRows = [{ ref: cashRef!, amount: r.received }];
    if (r.tds) receiptsRows.push({ ref: tdsRef!, amount: r.tds });
    if (r.writeOff) receiptsRows.push({ ref: woRef!, amount: r.writeOff });
    for (const x of receiptsRows)
      await tx.execute(sql`insert into receipts (client_id, payment_ref, sys_obligor_code, kind, paid_date, amount)
        values (${clientId}, ${x.ref}, ${r.sysObligorCode}, 'ON_ACCOUNT', ${paidDate}::date, ${(x.amount / 100).toFixed(2)})`);
    for (const part of r.parts)
      await tx.execute(sql`insert into allocations (client_id, payment_ref, sys_invoice_num, allocated_date, amount)
        values (${clientId}, ${part.source === 'CASH' ? cashRef! : part.source === 'TDS' ? tdsRef! : woRef!},
          ${part.sysInvoiceNum}, ${paidDate}::date, ${(part.amount / 100).toFixed(2)})`);
    await tx.insert(bankReceipts).values({
      clientId,
      lineId: id,
      paymentRef,
      sysObligorCode: r.sysObligorCode,
      paidDate,
      received: r.received,
      allocations: r.allocations,
      tdsSection: r.tds ? tds!.section : null,
      tdsAmount: r.tds,
      tdsQuarter: r.tds && quarter ? `${quarter.financialYear} ${quarter.quarter}` : null,
      writeOff: r.writeOff,
      onAccount: r.onAccount,
      bankReferences: references,
      appliedBy: by.userId,
    });
    written.push({ paymentRef, sysObligorCode: r.sysObligorCode, received: r.received });
  }
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
    [code, ...written.map((w) => w.sysObligorCode)],
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
        paymentRef: written[0]!.paymentRef,
        sysObligorCode: code,
        received,
        allocations: items,
        tds,
        writeOff,
        onAccount,
        adviceId: advice?.id ?? null,
        ...(written.length > 1 && { receipts: written }),
      },
    },
  });
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
