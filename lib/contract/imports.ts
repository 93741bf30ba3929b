import { z } from 'zod';
import { ZPaging } from './common';

/** Past imports, newest first. */
export const ZImportsQuery = ZPaging;

export const ZImportIdParam = z.coerce.number().int().positive();

/** The upload form's field asking to import the good rows and skip the bad ones. */
export const SKIP_BAD_ROWS_FIELD = 'skipBadRows';

/** Largest upload accepted by POST /api/integrations/imports (all files together). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export type TImportKind = 'obligors' | 'invoices' | 'payments' | 'ratings';

export interface TImportCounts {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Bad rows left out of a batch imported with "skip bad rows" (absent on older imports). */
  skipped?: number;
}

export interface TImportError {
  file: string;
  line: number;
  column: string;
  reason: string;
}

export interface TImportSummary {
  id: number;
  source: 'CLI' | 'UPLOAD';
  userName: string | null;
  status: 'SUCCEEDED' | 'FAILED';
  files: { name: string; kind: TImportKind; rows: number }[];
  counts: Partial<Record<TImportKind, TImportCounts>>;
  errorCount: number;
  startedAt: string;
  durationMs: number;
}

export interface TImportDetail extends TImportSummary {
  errors: TImportError[];
}
