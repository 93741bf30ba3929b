import { z } from 'zod';
import { API_ACCESS } from './access';
import { ZCount } from './ageing';
import { call, json, paged } from './call';
import { ZId, ZPaging } from './common';

/** Past imports, newest first. */
export const ZImportsQuery = ZPaging;

export const ZImportIdParam = ZId;

/** The upload form's field asking to import the good rows and skip the bad ones. */
export const SKIP_BAD_ROWS_FIELD = 'skipBadRows';

/** The upload form's field saying how the files write slashed dates: dmy (day first) or mdy. */
export const DATE_ORDER_FIELD = 'dateOrder';

/** Largest upload accepted by POST /api/integrations/imports (all files together). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** The file kinds of a batch, in the order they are read. */
export const IMPORT_KINDS = [
  'obligors',
  'invoices',
  'instalments',
  'payments',
  'allocations',
  'ratings',
  'disputes',
  'cheques',
] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

// ---- Answers ----

/** What a batch did to one kind of row. Unchanged rows were already stored exactly so. */
export const ZImportCounts = z.strictObject({
  rows: ZCount,
  inserted: ZCount,
  updated: ZCount,
  unchanged: ZCount,
  /** Bad rows left out of a batch imported with "skip bad rows" (absent on older imports). */
  skipped: ZCount.optional(),
});
export type TImportCounts = z.infer<typeof ZImportCounts>;

export const ZImportError = z.strictObject({
  file: z.string(),
  line: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export type TImportError = z.infer<typeof ZImportError>;

const ZImportKind = z.enum(IMPORT_KINDS);
const ZImportFile = z.strictObject({ name: z.string(), kind: ZImportKind, rows: ZCount });
const ZImportStatus = z.enum(['SUCCEEDED', 'FAILED']);

const ZImportOutcome = z.strictObject({
  id: z.number().int(),
  status: ZImportStatus,
  files: z.array(ZImportFile),
  counts: z.partialRecord(ZImportKind, ZImportCounts),
  errorCount: ZCount,
  /** An ISO instant. */
  startedAt: z.string(),
  durationMs: ZCount,
});

/** One past import, as the list shows it. */
export const ZImportSummary = ZImportOutcome.extend({
  source: z.enum(['CLI', 'UPLOAD']),
  userName: z.string().nullable(),
});
export type TImportSummary = z.infer<typeof ZImportSummary>;

/** One past import with its error report (the first errors; errorCount has them all). */
export const ZImportDetail = ZImportSummary.extend({ errors: z.array(ZImportError) });
export type TImportDetail = z.infer<typeof ZImportDetail>;

/** What an import answers when it ends: the outcome, its error report, and what it changed. */
export const ZImportReport = ZImportOutcome.extend({
  errors: z.array(ZImportError),
  /** Inserted + updated rows of every kind: 0 for a re-import of the same files. */
  changes: ZCount,
  dimensionValuesCreated: ZCount,
  /** Rows left out with skipBadRows (the errors say why). */
  skipped: ZCount,
  /** What the reader assumed or told about the files, e.g. a file read month-first. */
  warnings: z.array(z.string()),
});
export type TImportReport = z.infer<typeof ZImportReport>;

// ---- Calls ----

const importsAccess = { userType: 'borrowers', requirement: API_ACCESS.integrations } as const;

export const importCalls = {
  list: call({
    method: 'GET',
    path: '/integrations/imports',
    access: importsAccess,
    query: ZImportsQuery,
    summary: "The client's past imports, newest first, a page at a time",
    answer: paged(ZImportSummary),
  }),
  upload: call({
    method: 'POST',
    path: '/integrations/imports',
    access: importsAccess,
    body: 'multipart',
    summary:
      'Upload one batch (files, skipBadRows, dateOrder dmy or mdy) and import it; administrators only. The answer is its report',
    answer: json(ZImportReport),
  }),
  get: call({
    method: 'GET',
    path: '/integrations/imports/{id}',
    access: importsAccess,
    params: z.object({ id: ZImportIdParam }),
    summary: 'One import with its error report',
    answer: json(ZImportDetail),
  }),
};
