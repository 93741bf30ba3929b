import 'server-only';
import { boundariesOf } from '@/lib/domain/ageing';
import { obligorScope } from '@/lib/domain/obligor-scope';
import type { Db } from '@/lib/db/client';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { getClient } from '@/lib/server/clients/get-client';
import { reportFileName } from '@/lib/server/reports/download-report';
import { moneyFormat, titleDate } from '@/lib/server/reports/excel-format';
import type { ReportContext } from '@/lib/server/reports/report-context';
import { REPORT_SHEETS } from '@/lib/server/reports/report-sheets';
import { workbookStream } from '@/lib/server/reports/workbook-writer';

const WORKBOOK_NAME = 'Summary dashboard';

/** vardhman-summary-dashboard-2026-11-29.xlsx */
export function dashboardWorkbookName(clientCode: string, asOf: string): string {
  return reportFileName(clientCode, WORKBOOK_NAME, asOf);
}

/**
 * The dashboard as a workbook, attached to the digest: the ageing by customer (the balance and its
 * buckets, per parent) and the collections by month (the 12-month trend, the KPIs by month and the
 * cash-in forecast), the reports' own sheets under the user's scope and as of the digest's date, so
 * the attachment and the figures in the body agree. Whole in memory: a mail carries it whole anyway.
 */
export async function dashboardWorkbook(
  db: Db,
  session: SessionData,
  asOf: string,
): Promise<{ filename: string; content: Buffer }> {
  const client = await getClient(db, session.clientId);
  const ctx: ReportContext = {
    db,
    session,
    scope: obligorScope(session),
    client,
    asOf,
    boundaries: boundariesOf(client),
  };
  let failure: unknown;
  const stream = workbookStream(
    {
      clientName: client.name,
      reportName: WORKBOOK_NAME,
      asOf,
      asOfLabel: titleDate(asOf),
      moneyFormat: moneyFormat(client.currency, client.locale),
    },
    async function* () {
      yield* await REPORT_SHEETS.AGEING_BY_CUSTOMER(ctx);
      yield* await REPORT_SHEETS.COLLECTIONS_BY_MONTH(ctx);
    },
    (error) => {
      failure = error;
    },
  );
  const content = Buffer.from(
    await new Response(stream).arrayBuffer().catch((error: unknown) => {
      throw failure ?? error;
    }),
  );
  if (failure) throw failure;
  return { filename: dashboardWorkbookName(client.code, asOf), content };
}
