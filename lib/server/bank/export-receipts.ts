import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import { ledgerNamesOf } from '@/lib/domain/cash-settings';
import { receiptsCsv, tallyReceiptsXml, type AppliedReceipt } from '@/lib/domain/receipt-export';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { reportError } from '@/lib/server/observability/report-error';
import { moneyFormat, titleDate } from '@/lib/server/reports/excel-format';
import { workbookStream, type ReportSheet } from '@/lib/server/reports/workbook-writer';
import { clientToday } from '@/lib/server/clients/client-day';
import { cashSettingsOf } from './cash-settings';

const AppliedRow = row({
  lineId: col.int,
  paidDate: col.day,
  sysObligorCode: col.text,
  party: col.text,
  narration: col.text,
  reference: col.text,
  received: col.int,
  allocations: col.json(z.array(z.object({ sysInvoiceNum: z.string(), invoiceNum: z.string(), amount: z.number() }))),
  tdsSection: col.text.nullable(),
  tdsAmount: col.int,
  writeOff: col.int,
  onAccount: col.int,
});

/**
 * The receipts applied here whose ERP copy has not arrived, oldest first (a family's line as a
 * receipt per account, each under its account's name): what the accountant imports into the ERP. A bill is named by its number as printed (Tally's bill name); the party by
 * the customer's name.
 */
export async function appliedReceipts(db: Db, clientId: number): Promise<AppliedReceipt[]> {
  const rows = await queryRows(
    db,
    sql`select r.line_id as "lineId", r.paid_date::text as "paidDate", r.sys_obligor_code as "sysObligorCode",
          o.name as party, l.narration, coalesce(l.utr, l.rrn, l.cheque_number, l.reference, r.payment_ref) as reference,
          r.received, r.tds_section as "tdsSection", r.tds_amount as "tdsAmount", r.write_off as "writeOff",
          r.on_account as "onAccount",
          coalesce((select jsonb_agg(jsonb_build_object('sysInvoiceNum', a->>'sysInvoiceNum',
              'invoiceNum', coalesce(i.invoice_num, a->>'sysInvoiceNum'), 'amount', (a->>'amount')::bigint) order by a.ord)
            from jsonb_array_elements(r.allocations) with ordinality a(a, ord)
            left join invoices i on i.client_id = r.client_id and i.sys_invoice_num = a->>'sysInvoiceNum'), '[]'::jsonb) as allocations
        from bank_receipts r
        join bank_lines l on l.client_id = r.client_id and l.id = r.line_id
        join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
        where r.client_id = ${clientId} and r.erp_payment_ref is null
        order by r.paid_date, r.line_id, length(r.payment_ref), r.payment_ref`,
    AppliedRow,
  );
  return rows.map((r) => ({
    date: r.paidDate,
    reference: r.reference,
    narration: r.narration,
    partyLedger: r.party,
    received: r.received,
    allocations: r.allocations.map((a) => ({ billName: a.invoiceNum, amount: a.amount })),
    tds: r.tdsSection ? { section: r.tdsSection, amount: r.tdsAmount } : null,
    writeOff: r.writeOff,
    onAccount: r.onAccount,
  }));
}

/** GET /api/bank/receipts/export?format=csv|tally. */
export async function exportReceipts(db: Db, clientId: number, format: 'csv' | 'tally'): Promise<Response> {
  const receipts = await appliedReceipts(db, clientId);
  const today = await clientToday(db, clientId);
  if (format === 'csv')
    return new Response(receiptsCsv(receipts), {
      headers: {
        'content-type': CSV_CONTENT_TYPE,
        'content-disposition': `attachment; filename="receipts-${today}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  const settings = await cashSettingsOf(db, clientId);
  const client = await queryRow(db, sql`select name from clients where id = ${clientId}`, row({ name: col.text }));
  return new Response(tallyReceiptsXml(receipts, ledgerNamesOf(settings, client?.name ?? null)), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="receipts-${today}-tally.xml"`,
      'cache-control': 'private, no-store',
    },
  });
}

const TdsRow = row({
  sysObligorCode: col.text,
  name: col.text,
  section: col.text,
  quarter: col.text,
  receipts: col.int,
  amount: col.num,
});
type TdsLine = z.infer<typeof TdsRow>;

/** GET /api/bank/tds.xlsx: the TDS customers deducted from the receipts applied here, by customer, section and quarter (Form 26AS). */
export async function tdsReport(db: Db, clientId: number): Promise<Response> {
  const client = await queryRow(
    db,
    sql`select name, currency, locale from clients where id = ${clientId}`,
    row({ name: col.text, currency: col.text, locale: col.text }),
  );
  const today = await clientToday(db, clientId);
  const rows = await queryRows(
    db,
    sql`select r.sys_obligor_code as "sysObligorCode", o.name, r.tds_section as section, r.tds_quarter as quarter,
          count(*)::int as receipts, sum(r.tds_amount)::numeric / 100 as amount
        from bank_receipts r join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
        where r.client_id = ${clientId} and r.tds_section is not null
        group by r.sys_obligor_code, o.name, r.tds_section, r.tds_quarter
        order by r.tds_quarter, o.name, r.tds_section`,
    TdsRow,
  );
  async function* lines(): AsyncGenerator<TdsLine> {
    yield* rows;
  }
  const sheet: ReportSheet<TdsLine> = {
    name: 'TDS receivable',
    subtitle: `TDS deducted by customers from the receipts applied from the bank, by customer, section and quarter of the financial year (to match with Form 26AS); amounts in ${client?.currency ?? 'INR'}`,
    columns: [
      { header: 'Quarter', kind: 'text', width: 14, value: (r) => r.quarter },
      { header: 'Customer', kind: 'text', value: (r) => r.name },
      { header: 'Account', kind: 'text', width: 14, value: (r) => r.sysObligorCode },
      { header: 'Section', kind: 'text', width: 10, value: (r) => r.section },
      { header: 'Receipts', kind: 'count', value: (r) => r.receipts, total: true },
      { header: 'TDS', kind: 'money', value: (r) => r.amount, total: true },
    ],
    rows: lines(),
  };
  const body = workbookStream(
    {
      clientName: client?.name ?? '',
      reportName: 'TDS receivable',
      asOf: today,
      asOfLabel: titleDate(today),
      moneyFormat: moneyFormat(client?.currency ?? 'INR', client?.locale ?? 'en-IN'),
    },
    () => [sheet],
    (error) => reportError(error, { where: 'tdsReport', clientId }),
  );
  return new Response(body, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="tds-receivable-${today}.xlsx"`,
      'cache-control': 'private, no-store',
    },
  });
}
