/**
 * What each benchmark aims at, in one place: the report of a run, the summary JSON and the rendered
 * docs/benchmarks.md all read them from here. A figure past its target is a gap, never a failure:
 * benchmarks are not tests.
 */
import type { DbKind } from './dataset';

/** A call's p95 through its service, at a million invoices. */
export const TARGET_P95_MS: Record<DbKind, number> = { postgres: 50, pglite: 150 };
/**
 * Calls with a target of their own: a two-year statement of the bench's family, every line, as a
 * download (PDF or XLSX) is a file, not a screen's answer, and aims at 250 ms on either database.
 */
export const CALL_TARGET_P95_MS: Record<string, number> = {
  'portal-statement-xlsx': 250,
  'portal-statement-pdf': 250,
};
/** The p95 target of a call on a database. */
export const p95TargetOf = (id: string, db: DbKind): number => CALL_TARGET_P95_MS[id] ?? TARGET_P95_MS[db];
/** How many times faster than the baseline (the peers' way: every invoice with what settles it) a call's p95 is. */
export const TARGET_RATIO = 20;
/** The dashboard's largest contentful paint in Chromium, p95 of cold loads. */
export const TARGET_LCP_MS = 1000;
/** `npm run import` of a million invoices: rows per second, and the rollups ready after each commit. */
export const TARGET_IMPORT_ROWS_PER_S = 25_000;
export const TARGET_ROLLUPS_READY_S = 60;
/** Over HTTP at 32 connections, each of the three calls a collector's morning leans on. */
export const TARGET_THROUGHPUT_P95_MS = 250;
export const THROUGHPUT_CONNECTIONS = 32;
/** An Excel report's peak resident memory at a million invoices. */
export const TARGET_REPORT_RSS_MB = 1024;
/** A statement of 10,000 credits against the scale-17 client: read, matched and stored (PostgreSQL). */
export const TARGET_CASH_STATEMENT_S = 20;
