import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ColumnMapping } from '@/lib/domain/bank-statement-columns';
import type { Suggestion } from '@/lib/domain/cash-match';
import { clients } from './clients';

/**
 * A bank account of the client that customers pay into (cash application, issue 53). Its label
 * is what an upload names (`account`); its column mapping reads a bank's export we do not know.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    label: text().notNull(),
    /** As the statement's preamble writes it (may be masked); a statement of another account is refused. */
    accountNumber: text(),
    bank: text(),
    columnMapping: jsonb().$type<ColumnMapping>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), uniqueIndex('bank_accounts_label').on(t.clientId, t.label)],
);

/** One statement file read into an account: who sent it, its period and balances, what it held. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    bankAccountId: integer().notNull(),
    fileName: text().notNull(),
    bank: text(),
    userId: integer(),
    fromDate: date().notNull(),
    toDate: date().notNull(),
    openingBalance: numeric({ precision: 18, scale: 2 }),
    closingBalance: numeric({ precision: 18, scale: 2 }),
    /** Lines in the file; `duplicates` of them were already imported and were not stored again. */
    lines: integer().notNull(),
    duplicates: integer().notNull(),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.bankAccountId], foreignColumns: [bankAccounts.clientId, bankAccounts.id] }),
    index('bank_statements_account').on(t.clientId, t.bankAccountId, t.importedAt),
  ],
);

/**
 * One line of a statement with what its narration says. `dedup_key` (date, signed amount,
 * reference, occurrence: lib/domain/bank-statement.ts `lineKeys`) is unique per account, so the
 * same line imported twice, even by two uploads at once, is stored once.
 */
export const bankLines = pgTable(
  'bank_lines',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    statementId: integer().notNull(),
    bankAccountId: integer().notNull(),
    /** The line's row in its file, for messages. */
    fileLine: integer().notNull(),
    txnDate: date().notNull(),
    valueDate: date(),
    narration: text().notNull(),
    reference: text(),
    debit: numeric({ precision: 18, scale: 2 }).notNull(),
    credit: numeric({ precision: 18, scale: 2 }).notNull(),
    balance: numeric({ precision: 18, scale: 2 }),
    channel: text().notNull(),
    utr: text(),
    rrn: text(),
    vpa: text(),
    payerName: text(),
    payerAccount: text(),
    ifsc: text(),
    chequeNumber: text(),
    returned: boolean().notNull().default(false),
    /** A returned cheque: the deposit line it reverses. */
    reversesLineId: bigint({ mode: 'number' }),
    /** A returned cheque whose deposit had been applied: the receipts it took out of the ledger (`BANK-{deposit}`; one per account, comma-separated, for a family's). */
    reversedReceipt: text(),
    dedupKey: text().notNull(),
    status: text().notNull(),
    /** The best suggestion's customer and confidence, and up to three suggestions with their reasons. */
    sysObligorCode: text(),
    confidence: numeric({ precision: 5, scale: 4 }),
    suggestions: jsonb().$type<Suggestion[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.statementId],
      foreignColumns: [bankStatements.clientId, bankStatements.id],
    }),
    foreignKey({ columns: [t.clientId, t.bankAccountId], foreignColumns: [bankAccounts.clientId, bankAccounts.id] }),
    uniqueIndex('bank_lines_once').on(t.clientId, t.bankAccountId, t.dedupKey),
    index('bank_lines_statement').on(t.clientId, t.statementId, t.status),
    check('bank_lines_status', sql`${t.status} in ('MATCHED', 'SUGGESTED', 'UNMATCHED', 'IGNORED', 'RETURNED')`),
    check('bank_lines_channel', sql`${t.channel} in ('NEFT', 'RTGS', 'IMPS', 'UPI', 'CHEQUE', 'CASH', 'OTHER')`),
    check('bank_lines_one_side', sql`(${t.debit} = 0) <> (${t.credit} = 0)`),
  ],
);

/**
 * Who pays for which customer, learned when a person confirms a match (lib/domain/payer-identity.ts:
 * a UPI address, an account with its bank, a name by its leading letters) and looked up on the next
 * credit. A key learned for two customers names neither.
 */
export const bankPayers = pgTable(
  'bank_payers',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    kind: text().$type<'VPA' | 'ACCOUNT' | 'NAME'>().notNull(),
    value: text().notNull(),
    sysObligorCode: text().notNull(),
    learnedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.kind, t.value, t.sysObligorCode] }),
    check('bank_payers_kind', sql`${t.kind} in ('VPA', 'ACCOUNT', 'NAME')`),
  ],
);

/**
 * A client's cash application settings (issue 53); a client without a row has the defaults
 * (lib/domain/cash-settings.ts): GST 18%, ₹100 written off at most, suggestions from confidence 0.5,
 * nothing applied without a person, Tally's usual ledger names.
 */
export const cashSettings = pgTable(
  'cash_settings',
  {
    clientId: integer()
      .primaryKey()
      .references(() => clients.id),
    /** Paise a difference may be written off up to; null: no limit by amount. */
    tolerancePaise: bigint({ mode: 'number' }),
    /** Basis points of what the invoices ask; null: no limit by share. */
    toleranceBp: integer(),
    /** Applied without a person from this confidence; null: never (the default). */
    autoApplyAbove: numeric({ precision: 3, scale: 2 }),
    suggestAbove: numeric({ precision: 3, scale: 2 }).notNull().default('0.50'),
    /** The GST rate assumed for an invoice without its taxable value, in basis points. */
    gstRateBp: integer().notNull().default(1800),
    bankLedger: text().notNull(),
    tdsLedger: text().notNull(),
    writeOffLedger: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cash_settings_gst', sql`${t.gstRateBp} between 0 and 5000`),
    check('cash_settings_tolerance', sql`${t.tolerancePaise} >= 0 and ${t.toleranceBp} >= 0`),
  ],
);

/**
 * A receipt a bank line wrote to the ledger (`payment_ref`, with its allocations; the TDS and
 * write-off as receipts `payment_ref/TDS` and `payment_ref/WO` allocated to the same invoices), what
 * it was split into, and, once the ERP's own copy of the receipt arrives, that copy's reference:
 * from then on the ERP's receipt and allocations stand instead of ours and the line can no longer
 * be undone. A line is one receipt (`BANK-{line}`), or one per account when it pays bills of several
 * accounts of a family (`BANK-{line}`, `BANK-{line}-2`, …): the ledger's receipt is one customer's.
 */
export const bankReceipts = pgTable(
  'bank_receipts',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    lineId: bigint({ mode: 'number' }).notNull(),
    paymentRef: text().notNull(),
    sysObligorCode: text().notNull(),
    paidDate: date().notNull(),
    /** Paise credited by the bank. */
    received: bigint({ mode: 'number' }).notNull(),
    /** Paise per invoice, as confirmed. */
    allocations: jsonb().$type<{ sysInvoiceNum: string; amount: number }[]>().notNull(),
    tdsSection: text(),
    tdsAmount: bigint({ mode: 'number' }).notNull().default(0),
    /** The Indian financial year's quarter of the receipt (Form 26AS), e.g. 2026-27 Q3. */
    tdsQuarter: text(),
    writeOff: bigint({ mode: 'number' }).notNull().default(0),
    onAccount: bigint({ mode: 'number' }).notNull().default(0),
    /** What the receipt is known by at the bank: UTR, RRN, cheque number. */
    bankReferences: jsonb().$type<string[]>().notNull().default([]),
    appliedBy: integer(),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    erpPaymentRef: text(),
    erpRecognisedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.paymentRef] }),
    foreignKey({ columns: [t.clientId, t.lineId], foreignColumns: [bankLines.clientId, bankLines.id] }),
    // The receipts of a line: applied yet, undone, reversed with a returned cheque.
    index('bank_receipts_line').on(t.clientId, t.lineId),
    index('bank_receipts_open')
      .on(t.clientId, t.paidDate)
      .where(sql`${t.erpPaymentRef} is null`),
    check(
      'bank_receipts_amounts',
      sql`${t.received} > 0 and ${t.tdsAmount} >= 0 and ${t.writeOff} >= 0 and ${t.onAccount} >= 0`,
    ),
  ],
);
