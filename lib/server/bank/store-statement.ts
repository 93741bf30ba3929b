import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { STATEMENT_ACCOUNT_FIELD, STATEMENT_FILE_FIELD, type TStatementOutcome } from '@/lib/contract/bank';
import { readNarration } from '@/lib/domain/bank-narration';
import { lineKeys, type StatementLine } from '@/lib/domain/bank-statement';
import { paiseText } from '@/lib/domain/bank-statement-values';
import { BANK_LINE_STATUSES, statusBeforeMatching, type BankLineStatus } from '@/lib/domain/cash-application';
import { amountIndex, matchByAmount, type AmountCandidate } from '@/lib/domain/amount-alone';
import { matchLine, type MatchSettings, type OpenItem, type Suggestion } from '@/lib/domain/cash-match';
import { matchSettingsOf } from '@/lib/domain/cash-settings';
import { adviceEvidence, type OpenAdvice } from '@/lib/domain/remittance-evidence';
import { learnedPayer, payerKeys, sharedPayers } from '@/lib/domain/payer-identity';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { bankAccounts, bankLines, bankStatements } from '@/lib/db/schema';
import { invalid } from '@/lib/server/domain-errors';
import { openItemsBook, type OpenItemsBook } from './open-items-book';
import { payerFamilies, type PayerFamily } from './payer-family';
import { readStatementFile } from './read-statement-file';
import { linkReturnedCheques } from './returned-cheques';
import { applyMatchedLines } from './apply-line';
import { waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { checkContinuity } from './balance-continuity';
import { openAdvices } from './open-advices';
import { cashSettingsOf } from './cash-settings';
import type { UploadedStatement } from './statement-upload';

/** Rows per insert: 25 columns each, well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;
/** Problems spelled out in a refusal; the rest are counted. */
const PROBLEMS_SHOWN = 5;

type AccountRow = typeof bankAccounts.$inferSelect;

const digits = (accountNumber: string) => accountNumber.replace(/[^0-9]/g, '');

/**
 * The same account, though one side may be masked (XXXXXXXX5678) or zero-padded (SBI writes 17
 * digits): the shorter number's digits end the longer's.
 */
function sameAccount(a: string, b: string): boolean {
  const [x, y] = [digits(a), digits(b)].sort((p, q) => p.length - q.length);
  return x!.length >= 4 && y!.endsWith(x!);
}

async function accountByLabel(db: Db, clientId: number, label: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.label, label)));
  return row;
}

/** The account the statement is of: the one named, else the one with the preamble's number, else a new one. */
async function accountFor(
  tx: Db,
  clientId: number,
  label: string | null,
  read: { bank: string | null; accountNumber: string | null },
): Promise<AccountRow> {
  if (!label && read.accountNumber) {
    const known = await tx.select().from(bankAccounts).where(eq(bankAccounts.clientId, clientId));
    const same = known.find((a) => a.accountNumber && sameAccount(a.accountNumber, read.accountNumber!));
    if (same) return same;
  }
  const name = label ?? [read.bank ?? 'Bank account', read.accountNumber?.slice(-4)].filter(Boolean).join(' ');
  await tx
    .insert(bankAccounts)
    .values({ clientId, label: name, accountNumber: read.accountNumber, bank: read.bank })
    .onConflictDoNothing();
  const account = await accountByLabel(tx, clientId, name);
  if (!account) throw new Error(`bank account "${name}" neither inserted nor found`);
  if (read.accountNumber && account.accountNumber && !sameAccount(account.accountNumber, read.accountNumber)) {
    throw invalid(
      `This statement is of account ${read.accountNumber}, not of "${account.label}" (${account.accountNumber})`,
      { [STATEMENT_ACCOUNT_FIELD]: 'another account' },
    );
  }
  if (read.accountNumber && !account.accountNumber) {
    await tx
      .update(bankAccounts)
      .set({ accountNumber: read.accountNumber })
      .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, account.id)));
  }
  return account;
}

/** What every line of a statement is matched with, read once. */
interface MatchContext {
  open: OpenItemsBook;
  advices: readonly OpenAdvice[];
  settings: MatchSettings;
  /** A known payer's family, asked only when its own items fit nothing (payer-family.ts). */
  familyOf: (code: string) => Promise<PayerFamily | null>;
  /** The open items by the amount that pays them, built at the first credit nothing names. */
  byAmount: (received: number) => readonly AmountCandidate[];
}

function matchContext(
  db: Db,
  clientId: number,
  open: OpenItemsBook,
  advices: readonly OpenAdvice[],
  settings: MatchSettings,
): MatchContext {
  let index: ((received: number) => readonly AmountCandidate[]) | null = null;
  return {
    open,
    advices,
    settings,
    familyOf: payerFamilies(db, clientId, open),
    byAmount: (received) => (index ??= amountIndex([...open.byCustomer.values()].flat(), settings))(received),
  };
}

async function lineRow(
  clientId: number,
  statementId: number,
  accountId: number,
  line: StatementLine,
  key: string,
  { open, advices, settings, familyOf, byAmount }: MatchContext,
) {
  const facts = readNarration(line.narration, { reference: line.reference, book: open.book });
  let status: BankLineStatus = statusBeforeMatching(line, facts, line.narration);
  let suggestions: Suggestion[] = [];
  if (status === 'UNMATCHED') {
    // The evidence: first the customer's remittance advice with the line's reference, else of its
    // amount paid in the days before (lib/domain/remittance-evidence.ts); then our invoice numbers in the narration; a payer learned before (learned when a
    // person confirms a match), else our customer code in the narration (the reference our UPI
    // payment links carry).
    const named = [...new Set(facts.invoiceNumbers.map((n) => open.byNumber.get(n)))].filter(
      (item): item is OpenItem => item !== undefined,
    );
    const code = facts.customerCodes.length === 1 ? facts.customerCodes[0]! : null;
    const keys = payerKeys(facts);
    const payer = learnedPayer(keys, open.payers) ?? (code ? { sysObligorCode: code, by: 'CODE' as const } : null);
    const payerItems = payer ? (open.byCustomer.get(payer.sysObligorCode) ?? []) : [];
    const possiblePayers = payer
      ? []
      : sharedPayers(keys, open.payers).map((p) => ({ ...p, items: open.byCustomer.get(p.sysObligorCode) ?? [] }));
    const advice = adviceEvidence(
      advices,
      {
        credit: line.credit,
        date: line.valueDate ?? line.date,
        references: [facts.utr, facts.rrn, facts.chequeNumber, line.reference],
      },
      (n) => open.byNumber.get(n),
    );
    const evidence = { received: line.credit, advice, named, payer, payerItems, possiblePayers };
    const first = matchLine(evidence, settings);
    let match: { status: BankLineStatus; suggestions: Suggestion[] } = first;
    // The account's own items fit nothing: its family's (parent and every account) are searched.
    if (payer && first.wantsFamily) {
      const family = await familyOf(payer.sysObligorCode);
      const asOf = line.valueDate ?? line.date;
      if (family) match = matchLine({ ...evidence, family: { ...family, asOf } }, settings);
    }
    // Nothing names the payer: the amount alone, against every customer's open items. A name, UPI
    // address or account the narration carries that is no customer's is a payer we do not know,
    // left unmatched, not guessed at by its amount (a cash or cheque deposit names nobody).
    const anonymous = !facts.payerName && !facts.vpa && !facts.payerAccount;
    if (
      match.status === 'UNMATCHED' &&
      anonymous &&
      !advice.length &&
      !named.length &&
      !payer &&
      !possiblePayers.length
    )
      match = matchByAmount(byAmount(line.credit), settings);
    status = match.status;
    suggestions = match.suggestions;
  }
  const best = suggestions[0];
  return {
    clientId,
    statementId,
    bankAccountId: accountId,
    fileLine: line.line,
    txnDate: line.date,
    valueDate: line.valueDate,
    narration: line.narration,
    reference: line.reference,
    debit: paiseText(line.debit),
    credit: paiseText(line.credit),
    balance: line.balance === null ? null : paiseText(line.balance),
    channel: facts.channel,
    utr: facts.utr,
    rrn: facts.rrn,
    vpa: facts.vpa,
    payerName: facts.payerName,
    payerAccount: facts.payerAccount,
    ifsc: facts.ifsc,
    chequeNumber: facts.chequeNumber,
    returned: facts.returned,
    dedupKey: key,
    status,
    sysObligorCode: best?.sysObligorCode ?? null,
    confidence: best ? String(best.confidence) : null,
    suggestions,
  };
}

/** The statement's stored lines by status (after returned cheques are linked, which changes some). */
async function statusCounts(db: Db, clientId: number, statementId: number): Promise<Record<BankLineStatus, number>> {
  const counts: Record<BankLineStatus, number> = { MATCHED: 0, SUGGESTED: 0, UNMATCHED: 0, IGNORED: 0, RETURNED: 0 };
  const rows = await queryRows(
    db,
    sql`select status, count(*)::int as n from bank_lines
        where client_id = ${clientId} and statement_id = ${statementId} group by status`,
    row({ status: col.oneOf(BANK_LINE_STATUSES), n: col.int }),
  );
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/**
 * POST /api/bank/statements and `npm run import -- --bank-statement`: reads the statement and stores it, in one transaction, into its
 * account: refused whole (400, every problem with its line) when it cannot be read or its running
 * balance breaks; its lines already imported (lib/domain/bank-statement.ts `lineKeys`, unique per
 * account) are counted as duplicates and not stored again. A credit a customer's OPEN remittance
 * advice fits (read once), or whose narration names open invoices, gets its suggestions (lib/domain/cash-match.ts), any other credit is UNMATCHED, anything
 * else IGNORED (lib/domain/cash-application.ts).
 */
export async function importStatement(
  db: Db,
  by: { clientId: number; userId: number | null },
  upload: UploadedStatement,
): Promise<TStatementOutcome> {
  const clientId = by.clientId;
  // A mapping sent with the file reads it; else the one saved on the account the upload names.
  const named = upload.account ? await accountByLabel(db, clientId, upload.account) : undefined;
  const read = await readStatementFile(upload.file, upload.mapping ?? named?.columnMapping ?? undefined);
  if (!read.ok) {
    const shown = read.problems
      .slice(0, PROBLEMS_SHOWN)
      .map((p) => (p.line ? `line ${p.line}${p.column ? ` (${p.column})` : ''}: ${p.reason}` : p.reason));
    const more = read.problems.length > PROBLEMS_SHOWN ? `; and ${read.problems.length - PROBLEMS_SHOWN} more` : '';
    throw invalid(`The statement ${upload.file.name} is refused: ${shown.join('; ')}${more}`, {
      [STATEMENT_FILE_FIELD]: shown[0]!,
    });
  }
  const lines = read.lines;
  const keys = lineKeys(lines);
  let reversed = false;
  const outcome = await db.transaction(async (tx) => {
    const account = await accountFor(tx, clientId, upload.account, read);
    if (upload.mapping) {
      await tx
        .update(bankAccounts)
        .set({ columnMapping: upload.mapping })
        .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, account.id)));
    }
    await checkContinuity(tx, clientId, account.id, {
      firstDay: lines[0]!.date,
      firstKey: keys[0]!,
      openingBalance: read.openingBalance,
    });
    const open = await openItemsBook(tx, clientId);
    const advices = await openAdvices(tx, clientId);
    const settings = matchSettingsOf(await cashSettingsOf(tx, clientId));
    const context = matchContext(tx, clientId, open, advices, settings);
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        clientId,
        bankAccountId: account.id,
        fileName: upload.file.name,
        bank: read.bank,
        userId: by.userId,
        fromDate: lines[0]!.date,
        toDate: lines[lines.length - 1]!.date,
        openingBalance: read.openingBalance === null ? null : paiseText(read.openingBalance),
        closingBalance: read.closingBalance === null ? null : paiseText(read.closingBalance),
        lines: lines.length,
        duplicates: 0,
      })
      .returning({ id: bankStatements.id });
    const id = statement!.id;
    let stored = 0;
    for (let i = 0; i < lines.length; i += BATCH) {
      const values = [];
      // One line after another: a family read is a query on the transaction's connection.
      for (const [j, line] of lines.slice(i, i + BATCH).entries())
        values.push(await lineRow(clientId, id, account.id, line, keys[i + j]!, context));
      const inserted = await tx
        .insert(bankLines)
        .values(values)
        .onConflictDoNothing({ target: [bankLines.clientId, bankLines.bankAccountId, bankLines.dedupKey] })
        .returning({ id: bankLines.id });
      stored += inserted.length;
    }
    reversed = await linkReturnedCheques(tx, by, id);
    const counts = await statusCounts(tx, clientId, id);
    const duplicates = lines.length - stored;
    await tx
      .update(bankStatements)
      .set({ duplicates })
      .where(and(eq(bankStatements.clientId, clientId), eq(bankStatements.id, id)));
    return {
      id,
      lines: lines.length,
      matched: counts.MATCHED,
      suggested: counts.SUGGESTED,
      unmatched: counts.UNMATCHED,
      // The call's answer has no count of its own for a returned cheque: it is no receipt.
      ignored: counts.IGNORED + counts.RETURNED,
      duplicates,
    };
  });
  // A returned cheque took an applied receipt out: the ageing, worklist and reminders read it at once.
  if (reversed) await waitForRollups(db, clientId);
  if (!outcome.matched) return outcome;
  // The client trusts the matcher above its threshold: the MATCHED lines go into the ledger now.
  const applied = await applyMatchedLines(db, by, outcome.id);
  return { ...outcome, matched: applied, suggested: outcome.suggested + outcome.matched - applied };
}
