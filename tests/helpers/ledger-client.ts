import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import type { TImportReport } from '@/lib/contract/imports';
import type { Db } from '@/lib/db/client';
import { todayIso } from '@/lib/domain/dates';
import { runImport } from '@/lib/server/imports/run-import';
import type { ImportSource } from '@/lib/server/imports/read-file';
import { file, newClient, PASSWORD, TODAY } from '../imports/helpers';
import { callRoute, sessionCookieFor } from './api';
import { createTestDatabase, type TestDatabase } from './db';
import { daysFrom, dmyOf } from './dates';

/**
 * A new client with a hand ledger imported: the API tests whose figures are worked out by hand
 * from a small batch (receipts on account, notes against invoices, instalments, collections).
 */

/** A new client's today (Asia/Kolkata, its default zone), for ledgers dated from it. */
export const CLIENT_TODAY = todayIso(new Date(), 'Asia/Kolkata');
/** CLIENT_TODAY plus `n` days, ISO. */
export const day = (n: number) => daysFrom(CLIENT_TODAY, n);
/** CLIENT_TODAY plus `n` days, dd/mm/yyyy as the import files write it. */
export const dmy = (n: number) => dmyOf(daysFrom(CLIENT_TODAY, n));

type Batch = Record<string, string> | ImportSource[];

/** Imports a batch (files by name, or the files) for a client from the command line, as of `today`. */
export function importBatch(db: Db, clientId: number, batch: Batch, today = TODAY): Promise<TImportReport> {
  return runImport(db, {
    clientId,
    userId: null,
    source: 'CLI',
    today,
    files: Array.isArray(batch) ? batch : Object.entries(batch).map(([name, content]) => file(name, content)),
  });
}

export interface LedgerClient {
  database: TestDatabase;
  clientId: number;
  /** Its administrator's session. */
  cookie: string;
  /** The first import's report. */
  report: TImportReport;
}

/** A fresh database with a new client `code` and `batch` imported into it as of `today`. */
export async function ledgerClient(code: string, batch: Batch, today = TODAY): Promise<LedgerClient> {
  const database = await createTestDatabase();
  const created = await newClient(database.db, code);
  const cookie = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
  const report = await importBatch(database.db, created.clientId, batch, today);
  return { database, clientId: created.clientId, cookie, report };
}

/** The receivables summary at a date, as the session sees it. */
export async function summaryOf(cookie: string, date: string): Promise<Record<string, number>> {
  return (
    await callRoute(summaryRoute as never, '/api/v4/clients/receivables/current/summary', { cookie, query: { date } })
  ).json as Record<string, number>;
}
