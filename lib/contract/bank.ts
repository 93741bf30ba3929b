import { z } from 'zod';
import { BANK_LINE_STATUSES } from '@/lib/domain/cash-application';
import { API_ACCESS } from './access';
import { ZCount, ZMoney } from './ageing';
import { call, json, paged } from './call';
import { ZId, ZPaging } from './common';

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
  allocations: z.array(z.strictObject({ sysInvoiceNum: z.string(), amount: ZMoney })),
  tds: z.strictObject({ section: z.string(), amount: ZMoney }).nullable(),
  writeOff: ZMoney,
  onAccount: ZMoney,
  confidence: z.number().nullable(),
  reasons: z.array(z.string()),
});
export type TBankLine = z.infer<typeof ZBankLine>;

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
  ignore: call({
    method: 'POST',
    path: '/bank/lines/{id}/ignore',
    access: cashAccess,
    params: z.object({ id: ZId }),
    summary: 'Marks a line no customer receipt (IGNORED): an UNMATCHED or SUGGESTED line only; the answer is the line',
    answer: json(ZBankLine),
  }),
};
