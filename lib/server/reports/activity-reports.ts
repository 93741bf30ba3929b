import 'server-only';
import { addDays, parseISO, startOfMonth, subDays, subMonths } from 'date-fns';
import { ZTasksQuery } from '@/lib/contract/tasks';
import { bucketTitle } from '@/lib/domain/ageing';
import { iso } from '@/lib/domain/dates';
import { formatMoney, titleCase } from '@/lib/domain/format';
import { RECEIPT_KIND_LABEL } from '@/lib/domain/statement';
import type { TOverviewPoint } from '@/lib/contract/receivables';
import type { TForecast } from '@/lib/contract/forecast';
import type { TKpiMonth } from '@/lib/contract/kpis';
import { DEFAULT_WEEKS } from '@/lib/domain/cash-forecast';
import { cashForecast } from '@/lib/server/forecast/cash-forecast';
import { collectionKpis } from '@/lib/server/kpis/collection-kpis';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { listTasks } from '@/lib/server/tasks/list-tasks';
import type { TTaskRow } from '@/lib/contract/tasks';
import { openInvoiceRows, type OpenInvoiceReportRow } from './open-invoice-rows';
import { REPORT_PAGE_SIZE, type ReportContext } from './report-context';
import { pagedRows, type ReportSheet } from './workbook-writer';

/** How an open-invoice line names its kind: the item's type, or the receipt's (on account, advance). */
function lineType(docType: OpenInvoiceReportRow['docType']): string {
  return docType === 'ON_ACCOUNT' || docType === 'ADVANCE' ? RECEIPT_KIND_LABEL[docType] : titleCase(docType);
}

/**
 * Every item open at the date with what is still owed on it, and the money received on account or
 * in advance not yet allocated as negative lines of its customer (one keyset walk: open-invoice-rows.ts).
 */
export function openInvoices(ctx: ReportContext): ReportSheet<OpenInvoiceReportRow>[] {
  return [
    {
      name: 'Open invoices',
      subtitle: `Invoices, debit notes and credit notes open at the date, with what is still owed, and receipts on account and advances not yet allocated to invoices (negative: received, allocated so far, unallocated), customer by customer (by code), oldest first; the outstanding total is the net balance, in ${ctx.client.currency}`,
      columns: [
        { header: 'Invoice no.', kind: 'text', width: 18, value: (r) => r.invoiceNum },
        { header: 'Type', kind: 'text', width: 20, value: (r) => lineType(r.docType) },
        { header: 'Customer code', kind: 'text', width: 16, value: (r) => r.sysObligorCode },
        { header: 'Customer', kind: 'text', width: 34, value: (r) => r.obligorName },
        { header: 'Parent code', kind: 'text', width: 14, value: (r) => r.parentSysObligorCode },
        { header: 'Issue date', kind: 'date', value: (r) => r.issueDate },
        { header: 'Due date', kind: 'date', value: (r) => r.dueDate },
        { header: 'Amount', kind: 'money', total: true, value: (r) => r.amount },
        { header: 'Paid', kind: 'money', total: true, value: (r) => r.paid },
        { header: 'Outstanding', kind: 'money', total: true, value: (r) => r.outstanding },
        {
          header: 'Days past due',
          kind: 'count',
          value: (r) => (r.daysPastDue === null ? null : Math.max(0, r.daysPastDue)),
        },
        {
          header: 'Ageing bucket',
          kind: 'text',
          width: 14,
          value: (r) => (r.bucket === null ? null : bucketTitle(r.bucket, ctx.boundaries)),
        },
      ],
      rows: openInvoiceRows(ctx),
    },
  ];
}

type ForecastWeekRow = TForecast['weeks'][number];
type BacktestRow = TForecast['backtest']['points'][number];

/** A week's error against the cash collected, in %; none without cash. */
const errorOf = (forecast: number, actual: number) =>
  actual > 0 ? Math.round((Math.abs(forecast - actual) / actual) * 1000) / 10 : null;

/** The back-test in words: the model's error, the rules' and how much better it is, the band's share. */
function backtestSummary(b: TForecast['backtest']): string {
  if (b.mape === null) return 'nothing to compare yet';
  const rule = (name: string, r: { mape: number | null; improvement: number | null }) =>
    r.mape === null
      ? ''
      : `; ${name} ${r.mape}%${r.improvement === null ? '' : ` (the forecast's error ${Math.abs(r.improvement)}% ${r.improvement >= 0 ? 'lower' : 'higher'})`}`;
  return `${b.mape}% average error (MAPE)${rule('paid on the due date', b.rules.dueDate)}${rule("each customer's mean days to settle", b.rules.customerMean)}${
    b.bandShare === null ? '' : `; ${b.bandShare}% of the weeks inside the 80% band`
  }`;
}

/**
 * The 12 months up to the date from the receivables overview: sales, collections, closing balance,
 * unallocated receipts and net balance;
 * the collection KPIs of each month; and the cash-in forecast from the date with its back-test.
 */
export async function collectionsByMonth(
  ctx: ReportContext,
): Promise<
  [ReportSheet<TOverviewPoint>, ReportSheet<TKpiMonth>, ReportSheet<ForecastWeekRow>, ReportSheet<BacktestRow>]
> {
  const fromDate = iso(startOfMonth(subMonths(parseISO(ctx.asOf), 11)));
  // The rows cover the 12-month sales window of the DSO and the customer reports (docs/glossary.md,
  // "12-month sales"): after the same day a year before, up to the date. On any day but a month
  // end that window starts inside a month, and its first row is that month's part of it.
  const windowStart = iso(addDays(subMonths(parseISO(ctx.asOf), 12), 1));
  const dayBefore = iso(subDays(parseISO(windowStart), 1));
  const partFirst = !windowStart.endsWith('-01');
  const amount = (value: number) => formatMoney(value, ctx.client.currency, ctx.client.locale, 0);
  const overviewOf = (from: string, to: string) =>
    receivablesOverview(ctx.db, ctx.client.id, { fromDate: from, toDate: to, scope: ctx.scope });
  const [[overview], before, kpis, forecast] = await Promise.all([
    overviewOf(windowStart, ctx.asOf),
    partFirst ? overviewOf(dayBefore, dayBefore).then(([o]) => o!.months.at(-1)) : undefined,
    collectionKpis(ctx.db, ctx.client.id, ctx.scope, { fromDate, toDate: ctx.asOf }),
    cashForecast(ctx.db, ctx.client.id, ctx.scope, { weeks: DEFAULT_WEEKS }, ctx.asOf),
  ]);
  // The overview may list the date twice when it is itself a month end: keep one point per month.
  const months = [...new Map(overview!.months.map((m) => [m.month, m])).values()];
  if (before && months[0]) {
    // The window's part of its first month: what the month had by its end less what it had the day before.
    const first = months[0];
    const paise = (n: number) => Math.round(n * 100) / 100;
    months[0] = {
      ...first,
      month: `${first.month} from ${windowStart.slice(8, 10)}/${windowStart.slice(5, 7)}`,
      invoiced: paise(first.invoiced - before.invoiced),
      collected: paise(first.collected - before.collected),
    };
  }
  return [
    {
      name: 'Collections by month',
      subtitle: `Per month of the 12 months to the date (the first from the same day a year before, so that the Sales total is the 12-month sales of the DSO): sales invoiced, collections received, the balance at the month end (the date for its own month) with what of it is overdue, the money received on account not yet allocated to invoices then and the net balance, in ${ctx.client.currency}`,
      columns: [
        { header: 'Month', kind: 'text', width: 12, value: (m) => m.month },
        { header: 'Month end', kind: 'date', value: (m) => m.date },
        { header: 'Sales', kind: 'money', total: true, value: (m) => m.invoiced },
        { header: 'Collected', kind: 'money', total: true, value: (m) => m.collected },
        { header: 'Closing balance', kind: 'money', value: (m) => m.outstanding },
        { header: 'Of which overdue', kind: 'money', value: (m) => m.overdue },
        { header: 'Unallocated', kind: 'money', value: (m) => m.unallocated },
        { header: 'Net balance', kind: 'money', value: (m) => m.netBalance },
      ],
      rows: (async function* () {
        yield* months;
      })(),
    },
    {
      name: 'Collection KPIs',
      subtitle:
        'Per month, as on the dashboard: countback DSO, collection effectiveness (CEI), best possible DSO, average days delinquent, monthly DSO, average days to pay and the current share (formulas in docs/glossary.md)',
      columns: [
        { header: 'Month', kind: 'text', width: 12, value: (m) => m.month },
        { header: 'Countback DSO', kind: 'days', width: 15, value: (m) => m.countbackDso },
        { header: 'CEI', kind: 'percent', value: (m) => m.cei },
        { header: 'Best possible DSO', kind: 'days', width: 17, value: (m) => m.bestPossibleDso },
        { header: 'Days delinquent', kind: 'days', width: 16, value: (m) => m.add },
        { header: 'Monthly DSO', kind: 'days', width: 13, value: (m) => m.simpleDso },
        { header: 'Days to pay', kind: 'days', width: 12, value: (m) => m.averageDaysToPay },
        { header: 'Current share', kind: 'percent', width: 14, value: (m) => m.currentShare },
      ],
      rows: (async function* () {
        yield* kpis.months;
      })(),
    },
    {
      name: 'Cash-in forecast',
      subtitle: `Cash expected week by week from the invoices open on the date (new sales not included), with the likely range, in ${ctx.client.currency}. Not in the weeks: ${amount(forecast.later)} expected later, ${amount(forecast.excluded.unlikely)} unlikely to be paid by payment history, ${amount(forecast.excluded.disputed)} in dispute, ${amount(forecast.excluded.notExpected)} older than any payment of the last 12 months; of ${amount(forecast.openDebts)} in bills open on the date and a balance of ${amount(forecast.balance)} (credit notes not yet set against a bill: ${amount(forecast.credits)})`,
      columns: [
        { header: 'Week from', kind: 'date', value: (w) => w.weekStart },
        { header: 'Week to', kind: 'date', value: (w) => w.weekEnd },
        { header: 'Expected', kind: 'money', total: true, value: (w) => w.expected },
        { header: 'Low', kind: 'money', total: true, value: (w) => w.low },
        { header: 'High', kind: 'money', total: true, value: (w) => w.high },
      ],
      rows: (async function* () {
        yield* forecast.weeks;
      })(),
    },
    {
      name: 'Forecast back-test',
      subtitle: `From each of the last month ends, the next ${forecast.backtest.weeks} weeks as the forecast would have said then, against the cash those invoices brought in, beside two simple rules on the same invoices: ${backtestSummary(forecast.backtest)}`,
      columns: [
        { header: 'Month end', kind: 'date', value: (p) => p.monthEnd },
        { header: 'Week from', kind: 'date', value: (p) => p.weekStart },
        { header: 'Forecast', kind: 'money', total: true, value: (p) => p.forecast },
        { header: 'Low', kind: 'money', value: (p) => p.low },
        { header: 'High', kind: 'money', value: (p) => p.high },
        { header: 'Due-date rule', kind: 'money', total: true, value: (p) => p.dueDateRule },
        { header: 'Customer-mean rule', kind: 'money', total: true, value: (p) => p.customerMeanRule },
        { header: 'Collected', kind: 'money', total: true, value: (p) => p.actual },
        { header: 'Error', kind: 'percent', value: (p) => errorOf(p.forecast, p.actual) },
        { header: 'Due-date rule error', kind: 'percent', value: (p) => errorOf(p.dueDateRule, p.actual) },
        { header: 'Customer-mean rule error', kind: 'percent', value: (p) => errorOf(p.customerMeanRule, p.actual) },
      ],
      rows: (async function* () {
        yield* forecast.backtest.points;
      })(),
    },
  ];
}

/** The tasks screen's list (every status the user may see), created on or before the date. */
export function tasks(ctx: ReportContext): ReportSheet<TTaskRow>[] {
  const all = pagedRows(
    (page) =>
      listTasks(ctx.db, ctx.session, {
        ...ZTasksQuery.parse({ status: 'ALL' }),
        offset: page,
        count: REPORT_PAGE_SIZE,
      }),
    REPORT_PAGE_SIZE,
  );
  const asOf = ctx.asOf;
  return [
    {
      name: 'Collection tasks',
      subtitle:
        'Open tasks by due date, then closed ones: every task you may see that was created on or before the date',
      columns: [
        { header: 'Task', kind: 'text', width: 36, value: (t) => t.name },
        { header: 'Status', kind: 'text', width: 10, value: (t) => titleCase(t.status) },
        { header: 'Category', kind: 'text', width: 20, value: (t) => t.category },
        { header: 'Customer code', kind: 'text', width: 16, value: (t) => t.sysObligorCode },
        { header: 'Customer', kind: 'text', width: 30, value: (t) => t.obligorName },
        { header: 'Invoices', kind: 'text', width: 20, value: (t) => t.sysInvoiceNum.join(', ') },
        { header: 'Assignee', kind: 'text', width: 20, value: (t) => t.assigneeName },
        { header: 'Reporter', kind: 'text', width: 20, value: (t) => t.reporterName },
        { header: 'Due date', kind: 'date', value: (t) => t.dueDate },
        { header: 'Created', kind: 'date', value: (t) => t.createdAt.slice(0, 10) },
        { header: 'Closed', kind: 'date', value: (t) => t.closedAt?.slice(0, 10) },
        { header: 'Closing comment', kind: 'text', width: 40, value: (t) => t.comment },
      ],
      rows: (async function* () {
        for await (const task of all) if (task.createdAt.slice(0, 10) <= asOf) yield task;
      })(),
    },
  ];
}
