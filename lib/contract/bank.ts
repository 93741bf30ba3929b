import { z } from 'zod';
import { API_ACCESS } from './access';
import { ZCount } from './ageing';
import { call, json } from './call';

/** The upload's fields: the statement file and, optionally, the label of the bank account it is of. */
export const STATEMENT_FILE_FIELD = 'file';
export const STATEMENT_ACCOUNT_FIELD = 'account';

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

const cashAccess = { userType: 'borrowers', requirement: API_ACCESS.applyCash } as const;

export const bankCalls = {
  uploadStatement: call({
    method: 'POST',
    path: '/bank/statements',
    access: cashAccess,
    body: 'multipart',
    summary:
      'Read a bank statement (multipart file, CSV or XLSX; optional account label) into its bank account: refused whole when the running balance breaks, lines imported before counted as duplicates and not stored again',
    answer: json(ZStatementOutcome, 201),
  }),
};
