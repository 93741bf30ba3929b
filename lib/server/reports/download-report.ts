import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { reports } from '@/lib/db/schema';
import { XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import type { TReportDownloadQuery } from '@/lib/contract/reports';
import { todayIso } from '@/lib/domain/dates';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { notFound } from '@/lib/server/domain-errors';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { getClient } from '@/lib/server/clients/get-client';
import { reportError } from '@/lib/server/observability/report-error';
import { moneyFormat, titleDate } from './excel-format';
import { REPORT_SHEETS } from './report-sheets';
import type { ReportContext } from './report-context';
import { workbookStream, type WorkbookMeta } from './workbook-writer';
import { boundariesOf } from '@/lib/domain/ageing';

/** vardhman-ageing-by-customer-2026-11-20.xlsx: client, report and date, safe in every file system. */
export function reportFileName(clientCode: string, reportName: string, asOf: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `${slug(clientCode)}-${slug(reportName)}-${asOf}.xlsx`;
}

/**
 * What a download needs: the report (it must be switched on for the client), the context its
 * sheets read from (the user's session and scope, the client's settings, the date), the workbook's
 * title and the file name. The benchmark (scripts/bench/report-run.ts) streams reports through it.
 */
export async function prepareReport(db: Db, session: SessionData, scope: ObligorScope, query: TReportDownloadQuery) {
  const [entry] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.clientId, session.clientId), eq(reports.code, query.report)))
    .limit(1);
  if (!entry) throw notFound('Report');
  const client = await getClient(db, session.clientId);
  const asOf = query.date ?? todayIso(new Date(), client.timeZone);
  const ctx: ReportContext = { db, session, scope, client, asOf, boundaries: boundariesOf(client) };
  const meta: WorkbookMeta = {
    clientName: client.name,
    reportName: entry.name,
    asOf,
    asOfLabel: titleDate(asOf),
    moneyFormat: moneyFormat(client.currency, client.locale),
  };
  return { ctx, meta, fileName: reportFileName(client.code, entry.name, asOf), sheets: REPORT_SHEETS[query.report] };
}

/**
 * GET /reports/download.xlsx: the workbook as a streamed attachment, its rows from the screens'
 * services under the user's scope. A failure after the first bytes cuts the download (the file is
 * then unreadable rather than silently short) and is reported.
 */
export async function downloadReport(
  db: Db,
  session: SessionData,
  scope: ObligorScope,
  query: TReportDownloadQuery,
): Promise<Response> {
  const { ctx, meta, fileName, sheets } = await prepareReport(db, session, scope, query);
  const body = workbookStream(
    meta,
    async function* () {
      yield* await sheets(ctx);
    },
    (error) => reportError(error, { where: 'reportDownload', report: query.report, clientId: session.clientId }),
  );
  return new Response(body, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    },
  });
}
