import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import { reportError } from '@/lib/server/observability/report-error';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { getClient } from '@/lib/server/clients/get-client';
import { moneyFormat, titleDate } from '@/lib/server/reports/excel-format';
import { workbookStream, type ReportSheet } from '@/lib/server/reports/workbook-writer';
import { customerInterestDetail, type InvoiceInterest } from './customer-interest';
import { getMsmeSettings } from './msme-settings';
import { getObligorName } from './obligor-name';

async function* each<R>(rows: R[]): AsyncIterable<R> {
  yield* rows;
}

type MonthLine = InvoiceInterest['months'][number] & { invoiceNum: string };
type PaymentLine = { invoiceNum: string; date: string; amount: number };

const Note = row({ day: col.day, channel: col.text, summary: col.text, user: col.text.nullable() });
const PromiseLine = row({
  takenOn: col.day,
  promisedDate: col.day,
  amount: col.num,
  status: col.text,
  promisedBy: col.text.nullable(),
  paid: col.num,
});

/**
 * What a reference to the Facilitation Council (MSMED s18, filed on the MSME Samadhaan portal) asks
 * the supplier to show for one buyer: the invoices with their acceptance and statutory due dates,
 * the payments, the interest worked out month by month, and the communications and promises that
 * show the demands made. Scope-checked like the interest. The workbook and the PDF both write it.
 */
export async function caseFileFacts(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  query: { sysObligorCode: string; date?: string },
) {
  const detail = await customerInterestDetail(db, clientId, scope, query.sysObligorCode, query.date);
  const code = query.sysObligorCode;
  const [client, settings, customerName, notes, promises] = await Promise.all([
    getClient(db, clientId),
    getMsmeSettings(db, clientId),
    getObligorName(db, clientId, code),
    queryRows(
      db,
      sql`select c.comm_date::text as day, c.channel, c.summary, u.name as user from communications c
      left join users u on u.client_id = c.client_id and u.id = c.user_id
      where c.client_id = ${clientId} and c.sys_obligor_code = ${code} order by c.comm_date, c.id`,
      Note,
    ),
    queryRows(
      db,
      sql`select taken_on::text as "takenOn", promised_date::text as "promisedDate", amount, status,
        promised_by as "promisedBy", paid_amount as paid
      from promises where client_id = ${clientId} and sys_obligor_code = ${code} order by taken_on, id`,
      PromiseLine,
    ),
  ]);
  const supplier = `${client.name}${settings.udyamNumber ? `, ${settings.udyamNumber}` : ''}${
    settings.category ? ` (${settings.category.toLowerCase()})` : ''
  }`;
  return { code, detail, client, settings, supplier, customerName, notes, promises };
}

/** GET /msme/case_file.xlsx: the case file as a workbook, a sheet per part. */
export async function caseFile(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  query: { sysObligorCode: string; date?: string },
): Promise<Response> {
  const { code, detail, client, supplier: who, notes, promises } = await caseFileFacts(db, clientId, scope, query);
  const meta = {
    clientName: client.name,
    reportName: `MSMED case file: ${code}`,
    asOf: detail.date,
    asOfLabel: `to ${titleDate(detail.date)}`,
    moneyFormat: moneyFormat(client.currency, client.locale),
  };
  const invoices: ReportSheet<InvoiceInterest> = {
    name: 'Invoices',
    subtitle: detail.applies
      ? `${who}. Interest under MSMED Act s16 to ${titleDate(detail.date)}; acceptance taken as the invoice date; agreed credit days: ${detail.agreedCreditDays ?? 'none (15 days)'}`
      : (detail.reason ?? ''),
    columns: [
      { header: 'Invoice', kind: 'text', width: 20, value: (i) => i.invoiceNum },
      { header: 'Accepted', kind: 'date', value: (i) => i.acceptanceDate },
      { header: 'Statutory due', kind: 'date', value: (i) => i.statutoryDueDate },
      { header: 'Amount', kind: 'money', value: (i) => i.amount, total: true },
      { header: 'Paid', kind: 'money', value: (i) => i.payments.reduce((s, p) => s + p.amount, 0), total: true },
      { header: 'Principal owed', kind: 'money', value: (i) => i.principalOutstanding, total: true },
      { header: 'Days beyond', kind: 'count', value: (i) => i.daysBeyond },
      { header: 'Interest', kind: 'money', value: (i) => i.interest, total: true },
    ],
    rows: each(detail.invoices),
  };
  const months: ReportSheet<MonthLine> = {
    name: 'Interest by month',
    subtitle:
      'Each month: the base (principal owed + interest added at earlier month ends), 3 x the RBI Bank Rate, the days and the interest added at the month end',
    columns: [
      { header: 'Invoice', kind: 'text', width: 20, value: (m) => m.invoiceNum },
      { header: 'Month', kind: 'text', width: 10, value: (m) => m.month },
      { header: 'Base at start', kind: 'money', value: (m) => m.openingBase },
      { header: 'Rate (% a year)', kind: 'percent', value: (m) => m.ratePercent },
      { header: 'Days', kind: 'count', value: (m) => m.days },
      { header: 'Interest', kind: 'money', value: (m) => m.interest, total: true },
    ],
    rows: each(detail.invoices.flatMap((i) => i.months.map((m) => ({ ...m, invoiceNum: i.invoiceNum })))),
  };
  const payments: ReportSheet<PaymentLine> = {
    name: 'Payments',
    subtitle: 'Payments, receipts allocated and credit notes against the invoices, by date',
    columns: [
      { header: 'Invoice', kind: 'text', width: 20, value: (p) => p.invoiceNum },
      { header: 'Date', kind: 'date', value: (p) => p.date },
      { header: 'Amount', kind: 'money', value: (p) => p.amount, total: true },
    ],
    rows: each(detail.invoices.flatMap((i) => i.payments.map((p) => ({ ...p, invoiceNum: i.invoiceNum })))),
  };
  const communications: ReportSheet<(typeof notes)[number]> = {
    name: 'Communications',
    subtitle: 'Calls, mails, visits, reminders and promises logged with the customer',
    columns: [
      { header: 'Date', kind: 'date', value: (n) => n.day },
      { header: 'Channel', kind: 'text', width: 16, value: (n) => n.channel },
      { header: 'Summary', kind: 'text', width: 80, value: (n) => n.summary },
      { header: 'By', kind: 'text', width: 20, value: (n) => n.user },
    ],
    rows: each(notes),
  };
  const promiseSheet: ReportSheet<(typeof promises)[number]> = {
    name: 'Promises',
    subtitle: 'Promises to pay taken from the customer (post-dated cheques included) and what came of them',
    columns: [
      { header: 'Taken', kind: 'date', value: (p) => p.takenOn },
      { header: 'Promised for', kind: 'date', value: (p) => p.promisedDate },
      { header: 'Amount', kind: 'money', value: (p) => p.amount },
      { header: 'Paid', kind: 'money', value: (p) => p.paid },
      { header: 'Status', kind: 'text', width: 10, value: (p) => p.status },
      { header: 'Promised by', kind: 'text', width: 30, value: (p) => p.promisedBy },
    ],
    rows: each(promises),
  };
  const body = workbookStream(
    meta,
    () => [invoices, months, payments, communications, promiseSheet],
    (error) => reportError(error, { where: 'caseFile', clientId, sysObligorCode: code }),
  );
  return new Response(body, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${`msmed-case-${code}-${detail.date}.xlsx`.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    },
  });
}
