import 'server-only';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TBankLine, TBankOverview } from '@/lib/contract/bank';
import { BANK_LINE_STATUSES, type BankLineStatus } from '@/lib/domain/cash-application';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { bankLines, bankReceipts } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/server/domain-errors';

/** A suggestion as the upload stored it (lib/domain/cash-match.ts `Suggestion`, paise): read with its shape, not asserted. */
const ZStoredSuggestion = z.object({
  sysObligorCode: z.string(),
  allocations: z.array(z.object({ sysInvoiceNum: z.string(), amount: z.number().int() })),
  tds: z.object({ section: z.string(), amount: z.number().int() }).nullable(),
  writeOff: z.number().int(),
  onAccount: z.number().int(),
  confidence: z.number(),
  reasons: z.array(z.string()),
});
const ZStoredSuggestions = z.array(ZStoredSuggestion);

const columns = {
  id: bankLines.id,
  txnDate: bankLines.txnDate,
  valueDate: bankLines.valueDate,
  debit: bankLines.debit,
  credit: bankLines.credit,
  narration: bankLines.narration,
  reference: bankLines.reference,
  status: bankLines.status,
  sysObligorCode: bankLines.sysObligorCode,
  suggestions: bankLines.suggestions,
  chequeNumber: bankLines.chequeNumber,
  reversedReceipt: bankLines.reversedReceipt,
};

/** What an applied line was split into (its receipts in bank_receipts: one, or one per account of a family), paise. */
type AppliedReceipt = Pick<
  typeof bankReceipts.$inferSelect,
  'lineId' | 'paymentRef' | 'allocations' | 'tdsSection' | 'tdsAmount' | 'writeOff' | 'onAccount' | 'erpPaymentRef'
>;
type LineRow = Pick<typeof bankLines.$inferSelect, keyof typeof columns>;
const ZStatus = z.enum(BANK_LINE_STATUSES);

const rupees = (paise: number) => paise / 100;

type Unnamed = Omit<TBankLine, 'obligorName' | 'familyCode' | 'invoiceNums' | 'invoiceAccounts'>;

function lineOf(row: LineRow, applied: readonly AppliedReceipt[] = []): Unnamed {
  const status = ZStatus.parse(row.status);
  // What the bank said of the line, whatever became of it.
  const line = {
    id: row.id,
    valueDate: row.valueDate ?? row.txnDate,
    amount: Number(row.credit) - Number(row.debit),
    narration: row.narration,
    reference: row.reference,
    status,
  };
  if (applied.length) {
    // Applied: the split confirmed, as the ledger has it (a family's receipts summed back into one split).
    const sum = (pick: (r: AppliedReceipt) => number) => applied.reduce((s, r) => s + pick(r), 0);
    const tdsSection = applied.find((r) => r.tdsSection)?.tdsSection;
    return {
      ...line,
      sysObligorCode: row.sysObligorCode,
      allocations: applied.flatMap((r) =>
        r.allocations.map((a) => ({ sysInvoiceNum: a.sysInvoiceNum, amount: rupees(a.amount) })),
      ),
      tds: tdsSection ? { section: tdsSection, amount: rupees(sum((r) => r.tdsAmount)) } : null,
      writeOff: rupees(sum((r) => r.writeOff)),
      onAccount: rupees(sum((r) => r.onAccount)),
      confidence: null,
      reasons: applied.map((r) =>
        r.erpPaymentRef
          ? `applied as ${r.paymentRef}; the ERP's copy ${r.erpPaymentRef} now stands in the ledger`
          : `applied as receipt ${r.paymentRef}`,
      ),
    };
  }
  if (status === 'RETURNED' && row.reversedReceipt)
    // The cheque bounced after it was applied: its receipt is out of the ledger again.
    return {
      ...line,
      sysObligorCode: row.sysObligorCode,
      allocations: [],
      tds: null,
      writeOff: 0,
      onAccount: 0,
      confidence: null,
      reasons: [
        `cheque ${row.chequeNumber ?? ''} returned unpaid: ${row.reversedReceipt.includes(',') ? 'receipts' : 'receipt'} ${row.reversedReceipt} taken out of the ledger, its invoices open again`,
      ],
    };
  // A line ignored or returned keeps what was suggested for it, but shows no match.
  const [best] = status === 'SUGGESTED' || status === 'MATCHED' ? ZStoredSuggestions.parse(row.suggestions) : [];
  return {
    ...line,
    sysObligorCode: best ? row.sysObligorCode : null,
    allocations: best?.allocations.map((a) => ({ sysInvoiceNum: a.sysInvoiceNum, amount: rupees(a.amount) })) ?? [],
    tds: best?.tds ? { section: best.tds.section, amount: rupees(best.tds.amount) } : null,
    writeOff: rupees(best?.writeOff ?? 0),
    onAccount: rupees(best?.onAccount ?? 0),
    confidence: best?.confidence ?? null,
    reasons: best?.reasons ?? [],
  };
}

/**
 * The names a person knows the lines by: the customer's name, each invoice's printed number and
 * the account it is of (the system codes stay beside them), read in two queries for the page.
 */
async function withNames(db: Db, clientId: number, lines: Unnamed[]): Promise<TBankLine[]> {
  const codes = [...new Set(lines.flatMap((l) => (l.sysObligorCode ? [l.sysObligorCode] : [])))];
  const nums = [...new Set(lines.flatMap((l) => l.allocations.map((a) => a.sysInvoiceNum)))];
  const names = codes.length
    ? await queryRows(
        db,
        sql`select sys_obligor_code as code, name, coalesce(parent_sys_obligor_code, sys_obligor_code) as family from obligors
            where client_id = ${clientId} and sys_obligor_code in (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )})`,
        row({ code: col.text, name: col.text, family: col.text }),
      )
    : [];
  const printed = nums.length
    ? await queryRows(
        db,
        sql`select i.sys_invoice_num as num, i.invoice_num as printed, i.sys_obligor_code as code,
              coalesce(o.name, i.sys_obligor_code) as name
            from invoices i left join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
            where i.client_id = ${clientId} and i.sys_invoice_num in (${sql.join(
              nums.map((n) => sql`${n}`),
              sql`, `,
            )})`,
        row({ num: col.text, printed: col.text, code: col.text, name: col.text }),
      )
    : [];
  const nameOf = new Map(names.map((n) => [n.code, n]));
  const invoiceOf = new Map(printed.map((p) => [p.num, p]));
  return lines.map((l) => ({
    ...l,
    obligorName: l.sysObligorCode ? (nameOf.get(l.sysObligorCode)?.name ?? null) : null,
    familyCode: l.sysObligorCode ? (nameOf.get(l.sysObligorCode)?.family ?? null) : null,
    invoiceNums: Object.fromEntries(
      l.allocations.map((a) => [a.sysInvoiceNum, invoiceOf.get(a.sysInvoiceNum)?.printed ?? a.sysInvoiceNum]),
    ),
    invoiceAccounts: Object.fromEntries(
      l.allocations.flatMap((a) => {
        const found = invoiceOf.get(a.sysInvoiceNum);
        return found ? [[a.sysInvoiceNum, { sysObligorCode: found.code, name: found.name }]] : [];
      }),
    ),
  }));
}

/** The receipts the lines were applied as, by line, in one query (the first written first). */
async function receiptsOf(db: Db, clientId: number, lines: readonly LineRow[]): Promise<Map<number, AppliedReceipt[]>> {
  const ids = lines.map((l) => l.id);
  const byLine = new Map<number, AppliedReceipt[]>();
  if (!ids.length) return byLine;
  const rows = await db
    .select({
      lineId: bankReceipts.lineId,
      paymentRef: bankReceipts.paymentRef,
      allocations: bankReceipts.allocations,
      tdsSection: bankReceipts.tdsSection,
      tdsAmount: bankReceipts.tdsAmount,
      writeOff: bankReceipts.writeOff,
      onAccount: bankReceipts.onAccount,
      erpPaymentRef: bankReceipts.erpPaymentRef,
    })
    .from(bankReceipts)
    .where(and(eq(bankReceipts.clientId, clientId), inArray(bankReceipts.lineId, ids)))
    .orderBy(asc(sql`length(${bankReceipts.paymentRef})`), asc(bankReceipts.paymentRef));
  for (const r of rows) byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), r]);
  return byLine;
}

/** The lines with their receipts and names, as the list shows them. */
async function shown(db: Db, clientId: number, rows: readonly LineRow[]): Promise<TBankLine[]> {
  const applied = await receiptsOf(db, clientId, rows);
  return withNames(
    db,
    clientId,
    rows.map((r) => lineOf(r, applied.get(r.id))),
  );
}

/** GET /api/bank/lines: the client's lines, in the order of the days and of their files, a page at a time. */
export async function listBankLines(
  db: Db,
  clientId: number,
  query: { offset: number; count: number; statementId?: number; status?: BankLineStatus },
): Promise<{ rows: TBankLine[]; total: number }> {
  const where: SQL[] = [eq(bankLines.clientId, clientId)];
  if (query.statementId !== undefined) where.push(eq(bankLines.statementId, query.statementId));
  if (query.status !== undefined) where.push(eq(bankLines.status, query.status));
  const rows = await db
    .select(columns)
    .from(bankLines)
    .where(and(...where))
    .orderBy(asc(bankLines.txnDate), asc(bankLines.statementId), asc(bankLines.fileLine), asc(bankLines.id))
    .limit(query.count)
    .offset((query.offset - 1) * query.count);
  const [total] = await db
    .select({ n: count() })
    .from(bankLines)
    .where(and(...where));
  return { rows: await shown(db, clientId, rows), total: total?.n ?? 0 };
}

/** POST /api/bank/lines/{id}/ignore: no customer's receipt. Only a line nobody applied or linked. */
export async function ignoreBankLine(db: Db, clientId: number, id: number): Promise<TBankLine> {
  const [row] = await db
    .update(bankLines)
    .set({ status: 'IGNORED' })
    .where(
      and(
        eq(bankLines.clientId, clientId),
        eq(bankLines.id, id),
        inArray(bankLines.status, ['UNMATCHED', 'SUGGESTED', 'IGNORED']),
      ),
    )
    .returning(columns);
  if (row) return (await shown(db, clientId, [row]))[0]!;
  const [other] = await db
    .select({ status: bankLines.status })
    .from(bankLines)
    .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)));
  if (!other) throw notFound('Bank line');
  throw conflict(`The line is ${other.status.toLowerCase()}: only an unmatched or suggested line is ignored`, {
    id: other.status,
  });
}

/** One line as the list shows it (after applying or undoing it). */
export async function bankLineById(db: Db, clientId: number, id: number): Promise<TBankLine> {
  const [found] = await db
    .select(columns)
    .from(bankLines)
    .where(and(eq(bankLines.clientId, clientId), eq(bankLines.id, id)));
  if (!found) throw notFound('Bank line');
  return (await shown(db, clientId, [found]))[0]!;
}

/** GET /api/bank/overview: the statements, and the credits by status of one statement or of all. */
export async function bankOverview(db: Db, clientId: number, statementId?: number): Promise<TBankOverview> {
  const statements = await queryRows(
    db,
    sql`select s.id, a.label as account, s.file_name as "fileName", s.from_date::text as "fromDate",
          s.to_date::text as "toDate", s.lines, s.duplicates, s.imported_at as "importedAt"
        from bank_statements s join bank_accounts a on a.client_id = s.client_id and a.id = s.bank_account_id
        where s.client_id = ${clientId} order by s.imported_at desc, s.id desc limit 50`,
    row({
      id: col.int,
      account: col.text,
      fileName: col.text,
      fromDate: col.day,
      toDate: col.day,
      lines: col.int,
      duplicates: col.int,
      importedAt: col.instant,
    }),
  );
  const ofStatement = statementId === undefined ? sql`` : sql`and statement_id = ${statementId}`;
  const byStatus = await queryRows(
    db,
    sql`select status, count(*)::int as n, coalesce(sum(credit), 0) as amount from bank_lines
        where client_id = ${clientId} ${ofStatement} group by status`,
    row({ status: col.oneOf(BANK_LINE_STATUSES), n: col.int, amount: col.num }),
  );
  const counts = Object.fromEntries(BANK_LINE_STATUSES.map((s) => [s, 0])) as Record<BankLineStatus, number>;
  const amount = Object.fromEntries(BANK_LINE_STATUSES.map((s) => [s, 0])) as Record<BankLineStatus, number>;
  for (const r of byStatus) {
    counts[r.status] = r.n;
    amount[r.status] = r.amount;
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    statements,
    totals: {
      // Customers' money in: every credit but those that are no receipt (ignored, returned).
      received: round(amount.MATCHED + amount.SUGGESTED + amount.UNMATCHED),
      applied: round(amount.MATCHED),
      suggested: round(amount.SUGGESTED),
      unmatched: round(amount.UNMATCHED),
      counts,
    },
  };
}
