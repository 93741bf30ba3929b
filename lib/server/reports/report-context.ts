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
