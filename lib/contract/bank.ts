import { z } from 'zod';
import { BANK_LINE_STATUSES } from '@/lib/domain/cash-application';
import { API_ACCESS } from './access';
import { ZCount, ZMoney } from './ageing';
import { call, file, json, paged } from './call';
import { ZId, ZPaging } from './common';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from './downloads';

/** The upload's fields: the statement file and, optionally, the label of the bank account it is of. */
export const STATEMENT_FILE_FIELD = 'file';
export const STATEMENT_ACCOUNT_FIELD = 'account';
/** Optional: the file's own column names (`date=Posted, narration=Details, …`), saved on the account for its next files. */
export const STATEMENT_MAPPING_FIELD = 'mapping';

/** Largest statement file: a year of a busy account's CSV is a few MB. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/**
 * What reading a statement did. `lines` are the file's lines; `duplicates` of them were imported
 * before and were not stored again; every other line is stored with its status (the other five
 * counts; `lines` = their sum + `duplicates`).
 */
export const ZStatementOutcome = z.strictObject({
  id: z.number().int(),
  lines: ZCount,
  matched: ZCount,
  suggested: ZCount,
  unmatched: ZCount,
  ignored: ZCount,
  duplicates: ZCount,
});
export type TStatementOutcome = z.infer<typeof ZStatementOutcome>;

/** A statement's lines, or every line of the client, a page at a time; optionally of one status. */
export const ZBankLinesQuery = ZPaging.extend({
  statementId: ZId.optional(),
  status: z.enum(BANK_LINE_STATUSES).optional(),
});

/**
 * One bank line with its best suggestion (until it is applied): the customer, the invoices and
 * amounts it settles, the TDS and write-off that explain a shortfall, the remainder on account, how
 * sure the match is and why. Amounts in rupees; a withdrawal is negative.
 */
export const ZBankLine = z.strictObject({
  id: z.number().int(),
  /** The value date, else the transaction date (YYYY-MM-DD). */
  valueDate: z.string(),
  amount: ZMoney,
  narration: z.string(),
  reference: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  sysObligorCode: z.string().nullable(),
  /** The customer's name as the ledger has it (null without a customer). */
  obligorName: z.string().nullable(),
  /**
   * The customer's family, whose bills the line may pay: its parent's code, its own for a parent or
   * a customer alone (null without a customer).
   */
  familyCode: z.string().nullable(),
  allocations: z.array(z.strictObject({ sysInvoiceNum: z.string(), amount: ZMoney })),
  /** The invoice number as printed on the bill, by the system number of each allocation. */
  invoiceNums: z.record(z.string(), z.string()),
  /**
   * The account each allocated invoice is of, by code and name: a family's line pays bills of
   * several accounts, applied as one receipt per account.
   */
  invoiceAccounts: z.record(z.string(), z.strictObject({ sysObligorCode: z.string(), name: z.string() })),
  tds: z.strictObject({ section: z.string(), amount: ZMoney }).nullable(),
  writeOff: ZMoney,
  onAccount: ZMoney,
  confidence: z.number().nullable(),
  reasons: z.array(z.string()),
});
export type TBankLine = z.infer<typeof ZBankLine>;

/** The client's cash application settings (the defaults until it saves its own). */
export const ZCashSettings = z.strictObject({
  toleranceRupees: z.number().min(0).max(1_00_000).nullable(),
  tolerancePercent: z.number().min(0).max(5).nullable(),
  autoApplyAbove: z.number().min(0.5).max(1).nullable(),
  suggestAbove: z.number().min(0).max(1),
  gstPercent: z.number().min(0).max(50),
  bankLedger: z.string().trim().min(1).max(120),
  tdsLedger: z.string().trim().min(1).max(120),
  writeOffLedger: z.string().trim().min(1).max(120),
});
export type TCashSettings = z.infer<typeof ZCashSettings>;

const ZPositiveMoney = z.number().finite().positive();
const ZPart = z.number().finite().min(0);

/**
 * Confirming a line: the customer, the invoices and what each is paid, the TDS the customer
 * deducted (its section), the difference written off and the remainder kept on account. Received =
 * allocations + on account - TDS - write-off, to the paisa. Rupees. The invoices may be of any
 * account of the customer's family (its parent and the parent's accounts): one receipt per account
 * is written, the remainder on account the named customer's.
 */
export const ZApplyBody = z.strictObject({
  sysObligorCode: z.string().trim().min(1).max(64),
  allocations: z
    .array(z.strictObject({ sysInvoiceNum: z.string().trim().min(1).max(64), amount: ZPositiveMoney }))
    .max(200),
  tds: z.strictObject({ section: z.enum(['194Q', '194C', '194J']), amount: ZPositiveMoney }).nullish(),
  writeOff: ZPart.optional(),
  onAccount: ZPart.optional(),
});
export type TApplyBody = z.infer<typeof ZApplyBody>;

/** A statement read in, for the queue's statement filter. */
export const ZBankStatement = z.strictObject({
  id: z.number().int(),
  account: z.string(),
  fileName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  lines: ZCount,
  duplicates: ZCount,
  importedAt: z.string(),
});
export type TBankStatement = z.infer<typeof ZBankStatement>;

/** Credits of the statement (or of every statement) by status: how many and how much (rupees). */
export const ZBankOverview = z.strictObject({
  statements: z.array(ZBankStatement),
  totals: z.strictObject({
    received: ZMoney,
    applied: ZMoney,
    suggested: ZMoney,
    unmatched: ZMoney,
    counts: z.record(z.enum(BANK_LINE_STATUSES), ZCount),
  }),
});
export type TBankOverview = z.infer<typeof ZBankOverview>;

export const RECEIPT_EXPORT_FORMATS = ['csv', 'tally'] as const;

const cashAccess = { userType: 'borrowers', requirement: API_ACCESS.applyCash } as const;

export const bankCalls = {
  uploadStatement: call({
    method: 'POST',
    path: '/bank/statements',
    access: cashAccess,
    body: 'multipart',
    summary:
      'Read a bank statement (multipart file, CSV or XLSX; optional account label and column mapping, saved on the account) into its bank account: refused whole when the running balance breaks, lines imported before counted as duplicates and not stored again',
    answer: json(ZStatementOutcome, 201),
  }),
  lines: call({
    method: 'GET',
    path: '/bank/lines',
    access: cashAccess,
    query: ZBankLinesQuery,
    summary:
      "The client's bank lines (of one statement, of one status), in the order of the days, each with its best suggestion and why",
    answer: paged(ZBankLine),
  }),
  overview: call({
    method: 'GET',
    path: '/bank/overview',
    access: cashAccess,
    query: z.object({ statementId: ZId.optional() }),
    summary:
      "The client's statements (newest first, at most 50) and the credits' totals (received, applied, suggested, unmatched) of one statement or of all",
    answer: json(ZBankOverview),
  }),
  ignore: call({
    method: 'POST',
    path: '/bank/lines/{id}/ignore',
    access: cashAccess,
    params: z.object({ id: ZId }),
    summary: 'Marks a line no customer receipt (IGNORED): an UNMATCHED or SUGGESTED line only; the answer is the line',
    answer: json(ZBankLine),
  }),
  apply: call({
    method: 'POST',
    path: '/bank/lines/{id}/apply',
    access: cashAccess,
    params: z.object({ id: ZId }),
    body: ZApplyBody,
    summary:
      'Applies a credit to the ledger in one transaction: a receipt with its allocations, the TDS receivable (section, quarter) and the write-off; learns the payer; the answer is the line, MATCHED',
    answer: json(ZBankLine),
  }),
  undo: call({
    method: 'POST',
    path: '/bank/lines/{id}/undo',
    access: cashAccess,
    params: z.object({ id: ZId }),
    summary:
      "Takes an applied line's receipt out of the ledger again (until the ERP's copy of it arrives); the answer is the line, back to its suggestions",
    answer: json(ZBankLine),
  }),
  settings: call({
    method: 'GET',
    path: '/bank/settings',
    access: cashAccess,
    summary: "The client's cash application settings: tolerance, auto-apply threshold, GST rate, ledger names",
    answer: json(ZCashSettings),
  }),
  saveSettings: call({
    method: 'PUT',
    path: '/bank/settings',
    access: cashAccess,
    body: ZCashSettings,
    summary: 'Saves the cash application settings; the next statement is matched with them',
    answer: json(ZCashSettings),
  }),
  exportReceipts: call({
    method: 'GET',
    path: '/bank/receipts/export',
    access: cashAccess,
    query: z.object({ format: z.enum(RECEIPT_EXPORT_FORMATS).default('csv') }),
    summary:
      'The receipts applied here and not yet back from the ERP: CSV, or Tally XML receipt vouchers (bill-wise Agst Ref and On Account, TDS and write-off lines)',
    answer: file(CSV_CONTENT_TYPE),
  }),
  tdsReport: call({
    method: 'GET',
    path: '/bank/tds.xlsx',
    access: cashAccess,
    summary: 'TDS receivable by customer, section and quarter (to match with Form 26AS), as Excel',
    answer: file(XLSX_CONTENT_TYPE),
  }),
};
