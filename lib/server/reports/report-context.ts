import 'server-only';
import type { Db } from '@/lib/db/client';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import type { getClient } from '@/lib/server/clients/get-client';

/** What every report reads from: the user's session and scope, their client's settings, the date. */
export interface ReportContext {
  db: Db;
  session: SessionData;
  scope: ObligorScope;
  client: Awaited<ReturnType<typeof getClient>>;
  boundaries: AgeingBoundaries;
  asOf: string;
}

/** Rows per page when a report walks a paged service: large enough for few round trips, small in memory. */
export const REPORT_PAGE_SIZE = 1000;

/**
 * Rows per page when a report walks a list of families or accounts (an aggregate per customer): each
 * page of such a service computes the whole aggregate again before it pages (from the ledger, seconds
 * at a million invoices, on a day without rollups), so these reports read most clients in one page.
 * Memory follows the number of customers, not of invoices: 10,000 rows are a few MB.
 */
export const CUSTOMER_PAGE_SIZE = 10_000;
