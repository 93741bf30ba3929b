/**
 * The timed calls: the real service functions the API routes run (parameters parsed with the same
 * zod contracts), each paired with its baseline from baseline.ts and a check that both give the
 * same answer.
 */
import { sql } from 'drizzle-orm';
import { parseISO, subDays, endOfMonth } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { ZInvoicesQuery, ZOverviewQuery, ZReceivablesQuery, ZSummaryQuery } from '@/lib/contract/receivables';
import { boundariesOf, BUCKET_KEYS, type AgeingBoundaries } from '@/lib/domain/ageing';
import { defaultRange, iso, monthPoints } from '@/lib/domain/dates';
import { getClient } from '@/lib/server/clients/get-client';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { receivablesByDim1 } from '@/lib/server/receivables/by-dimension';
import { cashCalls } from './cash-calls';
import { collectionCalls } from './collection-calls';
import { customerCalls } from './customer-calls';
import { fieldOfficerCalls } from './field-officer-calls';
import { portalCalls } from './portal-calls';
import {
  baselineOpenInvoices,
  baselineOverview,
  baselineReceivables,
  baselineSummary,
  type BaselineInvoiceOrder,
  type BaselineMonth,
  type BaselineSummary,
} from './baseline';

/** The list's parameters for each order the benchmark measures against the baseline's. */
const INVOICE_ORDERS: Record<
  BaselineInvoiceOrder,
  { sortBy?: 'daysPastDue' | 'outstanding' | 'obligorName'; order?: 'ASC' | 'DESC' }
> = {
  mostOverdue: {},
  leastOverdue: { sortBy: 'daysPastDue', order: 'ASC' },
  mostOwed: { sortBy: 'outstanding', order: 'DESC' },
  customer: { sortBy: 'obligorName', order: 'ASC' },
};

export type CallPath = 'rollup' | 'history' | 'stored' | 'ledger' | 'items';

export interface BenchCall {
  id: string;
  label: string;
  /**
   * rollup: answered from the rollups; history: from the ageing history (a date without rollups);
   * stored: from the stored forecast; ledger: computed from the ledger; items: invoice rows.
   */
  path: CallPath;
  params: Record<string, unknown>;
  service: (db: Db) => Promise<unknown>;
  /** The naive way to get the same answer; calls without one are timed only. */
  baseline?: (db: Db) => Promise<unknown>;
  /** What the answer says worth printing beside its time (the forecast's back-test error). */
  note?: (answer: unknown) => string;
  /** Differences between the service's and the baseline's answers (empty when they agree). */
  compare?: (service: unknown, baseline: unknown) => string[];
}

export interface CallContext {
  clientId: number;
  today: string;
  backdated: string;
  familyCode: string;
  families: number;
  deepPage: number;
  searchTerm: string;
  pageSize: number;
  boundaries: AgeingBoundaries;
  /** The field officer with the most assigned obligors: the scoped calls run as them. */
  guestId: number | null;
}

/** A date about six weeks back that is neither a month end nor today: no rollup, so the ledger path. */
export function backdatedDate(today: string): string {
  let day = subDays(parseISO(today), 40);
  if (iso(endOfMonth(day)) === iso(day)) day = subDays(day, 1);
  return iso(day);
}

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

function differ(label: string, a: unknown, b: unknown): string[] {
  return cents(a) === cents(b) ? [] : [`${label}: service ${String(a)} vs baseline ${String(b)}`];
}

/** The summary's figures compared, by the service's name and the baseline's (the same but receivables). */
const SUMMARY_FIELDS: [string, keyof BaselineSummary][] = [
  ...(['outstanding', 'overdue', ...BUCKET_KEYS, 'paid', 'unallocated', 'crdBucket4Num'] as const).map(
    (k): [string, keyof BaselineSummary] => [k, k],
  ),
  ['receivables', 'invoiced'],
  ['lowRatedReceivables', 'lowRatedReceivables'],
  ['highRatedReceivables', 'highRatedReceivables'],
  ['openObligors', 'openObligors'],
];

function compareSummary(service: unknown, baseline: unknown): string[] {
  const s = service as Record<string, unknown>;
  const b = baseline as BaselineSummary | undefined;
  if (!b) return ['baseline: no summary row'];
  const out = SUMMARY_FIELDS.flatMap(([sk, bk]) => differ(sk, s[sk], b[bk]));
  if ((s.overallRisk ?? null) !== b.overallRisk)
    out.push(`overallRisk: service ${String(s.overallRisk)} vs baseline ${String(b.overallRisk)}`);
  return out;
}

function comparePage(
  service: { total: number; rows: Record<string, unknown>[] },
  baseline: { total: number; rows: Record<string, unknown>[] },
  serviceKey: string,
  baselineKey: string,
  amount?: [string, string],
): string[] {
  const out: string[] = [];
  if (service.total !== baseline.total) out.push(`total: service ${service.total} vs baseline ${baseline.total}`);
  const s = service.rows.map((r) => String(r[serviceKey]));
  const b = baseline.rows.map((r) => String(r[baselineKey]));
  if (s.join(',') !== b.join(',')) out.push(`codes: service [${s.join(', ')}] vs baseline [${b.join(', ')}]`);
  if (amount) {
    service.rows.forEach((row, i) => {
      const other = baseline.rows[i];
      if (other) out.push(...differ(`${String(row[serviceKey])}.${amount[0]}`, row[amount[0]], other[amount[1]]));
    });
  }
  return out;
}

type Page = { total: number; rows: Record<string, unknown>[] };

/** Reads the parameters that depend on the data: the deep page, the largest-overdue family, a search term. */
export async function callContext(db: Db, clientId: number, today: string, pageSize = 10): Promise<CallContext> {
  const client = await getClient(db, clientId);
  const boundaries = boundariesOf(client);
  const first = await listReceivables(
    db,
    clientId,
    ZReceivablesQuery.parse({ date: today, sortBy: 'overdue', order: 'DESC', count: pageSize }),
  );
  const familyCode = first.rows[0]?.sysObligorCode;
  if (!familyCode) throw new Error('no parent obligor with receivables: is the benchmark database seeded?');
  // An open invoice from the middle of the book; users type the serial part of its number.
  const open = await queryRow(
    db,
    sql`
    select count(*)::int as n from invoices where client_id = ${clientId} and status = 'OPEN' and doc_type = 'INVOICE'`,
    row({ n: col.int }),
  );
  const pick = await queryRow(
    db,
    sql`
    select invoice_num from invoices where client_id = ${clientId} and status = 'OPEN' and doc_type = 'INVOICE'
    order by sys_invoice_num offset ${Math.floor((open?.n ?? 0) / 2)} limit 1`,
    row({ invoice_num: col.text }),
  );
  const searchTerm = (pick?.invoice_num ?? '000001').slice(-6);
  const guest = await queryRow(
    db,
    sql`
    select guest_id from obligors where client_id = ${clientId} and guest_id is not null
    group by guest_id order by count(*) desc limit 1`,
    row({ guest_id: col.int }),
  );
  return {
    clientId,
    today,
    backdated: backdatedDate(today),
    familyCode,
    families: first.total,
    deepPage: Math.max(1, Math.ceil(first.total / pageSize)),
    searchTerm,
    pageSize,
    boundaries,
    guestId: guest?.guest_id ?? null,
  };
}

/** The calls of the issue, in report order. */
export function benchCalls(ctx: CallContext): BenchCall[] {
  const { clientId, boundaries: b, pageSize } = ctx;
  const summary = (date: string, path: CallPath, id: string, label: string): BenchCall => ({
    id,
    label,
    path,
    params: { date },
    service: (db) => receivablesSummary(db, clientId, ZSummaryQuery.parse({ date })),
    baseline: (db) => baselineSummary(db, clientId, date, b),
    compare: compareSummary,
  });
  const parents = (date: string, offset: number, path: CallPath, id: string, label: string): BenchCall => ({
    id,
    label,
    path,
    params: { date, sortBy: 'overdue', order: 'DESC', offset, count: pageSize },
    service: (db) =>
      listReceivables(
        db,
        clientId,
        ZReceivablesQuery.parse({ date, sortBy: 'overdue', order: 'DESC', offset, count: pageSize }),
      ),
    baseline: (db) => baselineReceivables(db, clientId, date, b, { sortBy: 'overdue', offset, count: pageSize }),
    compare: (s, x) => comparePage(s as Page, x as Page, 'sysObligorCode', 'code', ['overdue', 'overdue']),
  });
  const openInvoices = (date: string, order: BaselineInvoiceOrder, id: string, label: string): BenchCall => {
    const params = { date, count: pageSize, ...INVOICE_ORDERS[order] };
    const query = ZInvoicesQuery.parse(params);
    return {
      id,
      label,
      path: 'items',
      params,
      service: (db) => listOpenInvoices(db, clientId, query),
      baseline: (db) => baselineOpenInvoices(db, clientId, date, { offset: 1, count: pageSize, order }),
      compare: (s, x) =>
        comparePage(s as Page, x as Page, 'sysInvoiceNum', 'sys_invoice_num', ['outstanding', 'outstanding']),
    };
  };
  const family = (date: string, path: CallPath, id: string, label: string): BenchCall => ({
    id,
    label,
    path,
    params: { date, parentSysObligorCode: ctx.familyCode, count: pageSize },
    service: (db) =>
      listReceivables(
        db,
        clientId,
        ZReceivablesQuery.parse({ date, parentSysObligorCode: ctx.familyCode, count: pageSize }),
      ),
    baseline: (db) =>
      baselineReceivables(db, clientId, date, b, {
        sortBy: 'outstanding',
        offset: 1,
        count: pageSize,
        familyCode: ctx.familyCode,
      }),
    compare: (s, x) => comparePage(s as Page, x as Page, 'sysObligorCode', 'code', ['outstanding', 'outstanding']),
  });
  const range = defaultRange(ctx.today);
  const backRange = defaultRange(ctx.backdated);
  return [
    summary(ctx.today, 'history', 'summary', 'Summary (today)'),
    summary(ctx.backdated, 'history', 'summary-backdated', `Summary (backdated ${ctx.backdated})`),
    parents(ctx.today, 1, 'rollup', 'parents-p1', 'Parent obligors, page 1, by overdue'),
    parents(
      ctx.today,
      ctx.deepPage,
      'rollup',
      'parents-deep',
      `Parent obligors, page ${ctx.deepPage} (last), by overdue`,
    ),
    parents(
      ctx.backdated,
      1,
      'history',
      'parents-p1-backdated',
      `Parent obligors, page 1, by overdue (backdated ${ctx.backdated})`,
    ),
    family(ctx.today, 'rollup', 'family', `One family's rows (${ctx.familyCode})`),
    family(
      ctx.backdated,
      'history',
      'family-backdated',
      `One family's rows (${ctx.familyCode}, backdated ${ctx.backdated})`,
    ),
    {
      id: 'dim1-backdated',
      label: `Receivables by dim1 (backdated ${ctx.backdated})`,
      path: 'history',
      params: { date: ctx.backdated },
      service: (db) => receivablesByDim1(db, clientId, ZSummaryQuery.parse({ date: ctx.backdated })),
    },
    openInvoices(ctx.today, 'mostOverdue', 'invoices', 'Open invoices, page 1, by days past due'),
    openInvoices(
      ctx.backdated,
      'mostOverdue',
      'invoices-backdated',
      `Open invoices, page 1, by days past due (backdated ${ctx.backdated})`,
    ),
    openInvoices(ctx.today, 'mostOwed', 'invoices-owed', 'Open invoices, page 1, by outstanding'),
    openInvoices(
      ctx.backdated,
      'mostOwed',
      'invoices-owed-backdated',
      `Open invoices, page 1, by outstanding (backdated ${ctx.backdated})`,
    ),
    openInvoices(
      ctx.backdated,
      'leastOverdue',
      'invoices-soonest-backdated',
      `Open invoices, page 1, least overdue first (backdated ${ctx.backdated})`,
    ),
    openInvoices(
      ctx.backdated,
      'customer',
      'invoices-customer-backdated',
      `Open invoices, page 1, by customer (backdated ${ctx.backdated})`,
    ),
    {
      id: 'invoice-search',
      label: `Open-invoice search "${ctx.searchTerm}"`,
      path: 'items',
      params: { date: ctx.today, invoiceNum: ctx.searchTerm, count: pageSize },
      service: (db) =>
        listOpenInvoices(
          db,
          clientId,
          ZInvoicesQuery.parse({ date: ctx.today, invoiceNum: ctx.searchTerm, count: pageSize }),
        ),
      baseline: (db) =>
        baselineOpenInvoices(db, clientId, ctx.today, { offset: 1, count: pageSize, invoiceNum: ctx.searchTerm }),
      compare: (s, x) =>
        comparePage(s as Page, x as Page, 'sysInvoiceNum', 'sys_invoice_num', ['outstanding', 'outstanding']),
    },
    overview(range, 'rollup', 'overview', '12-month overview', clientId, b),
    overview(backRange, 'history', 'overview-backdated', `12-month overview to ${ctx.backdated}`, clientId, b),
    ...fieldOfficerCalls(ctx),
    ...customerCalls(ctx),
    ...portalCalls(ctx),
    ...collectionCalls(ctx),
    ...cashCalls(ctx),
  ];
}

/** The monthly overview of a range: month ends from the rollups, the range end from its store. */
function overview(
  range: { fromDate: string; toDate: string },
  path: CallPath,
  id: string,
  label: string,
  clientId: number,
  b: AgeingBoundaries,
): BenchCall {
  return {
    id,
    label,
    path,
    params: { ...range },
    service: (db) => receivablesOverview(db, clientId, ZOverviewQuery.parse({ toDate: range.toDate })),
    baseline: (db) => baselineOverview(db, clientId, monthPoints(range.fromDate, range.toDate), b),
    compare: (s, x) => {
      const months = (s as { months: Record<string, unknown>[] }[])[0]?.months ?? [];
      const rows = x as BaselineMonth[];
      const out: string[] = [];
      if (months.length !== rows.length) out.push(`points: service ${months.length} vs baseline ${rows.length}`);
      months.forEach((m, i) => {
        const r = rows[i];
        if (!r) return;
        out.push(...differ(`${String(m.date)}.outstanding`, m.outstanding, r.outstanding));
        out.push(...differ(`${String(m.date)}.overdue`, m.overdue, r.overdue));
        out.push(...differ(`${String(m.date)}.collected`, m.collected, r.paid));
      });
      return out;
    },
  };
}
