import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as byDim1Route } from '@/app/api/v4/clients/receivables/dim1/route';
import { GET as overviewRoute } from '@/app/api/v3/clients/receivables/overview/route';
import { GET as mappingRoute } from '@/app/api/v3/clients/overviewmappingbased/route';
import { GET as parentsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as annualDsoRoute } from '@/app/api/v3/clients/annualdso/route';
import { GET as dsoRoute } from '@/app/api/v3/clients/dso/route';
import { GET as kpisRoute } from '@/app/api/v3/clients/kpis/route';
import { GET as forecastRoute } from '@/app/api/v3/clients/forecast/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { GET as obligorInfoRoute } from '@/app/api/v3/obligors/route';
import { GET as portalAccountsRoute } from '@/app/api/customerportal/accounts/route';
import { GET as originatorsRoute } from '@/app/api/investors/originators/route';
import { GET as originatorPerformanceRoute } from '@/app/api/investors/originators/[id]/performance/route';
import { GET as downloadRoute } from '@/app/api/reports/download.xlsx/route';
import { seedDatabase } from '@/lib/db/seed';
import { previousMonth, todayIso } from '@/lib/domain/dates';
import { annualDso, dsoEndDate } from '@/lib/domain/dso';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { signInAs } from '../helpers/seeded';

/**
 * A figure's identity (docs/glossary.md, docs/architecture.md "Where a figure comes from"): every
 * figure shown on more than one page has one value for the same date and scope, whichever call
 * shows it. For each demo role, every call the role may make that shows a shared figure is read
 * (a call the role is refused is left out) and the values must agree to the paisa: balance,
 * overdue, collected, each kind of DSO, 12-month sales, customer counts, family sizes, and the
 * forecast's parts adding up to the balance. The demo is seeded for the client's real today with
 * its rollups, ageing history and stored forecast, as `npm start` leaves it, so the pages' own
 * paths answer.
 */
let database: TestDatabase;
const TODAY = todayIso(new Date(), 'Asia/Kolkata');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: 0.05, today: TODAY, history: true, forecast: true });
}, 600_000);
afterAll(() => database?.dispose());

type Handler = Parameters<typeof callRoute>[0];
type Sources = [string, number | null | undefined][];

/** The answer of a call, or null when the role may not make it (401/403). */
async function read(cookie: string, handler: Handler, query: Record<string, string | number> = {}, params = {}) {
  const res = await callRoute(handler, '/api/figure', { cookie, query, params });
  if (res.status === 401 || res.status === 403) return null;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { json: res.json, total: Number(res.headers.get('x-totalrecords') ?? NaN) };
}

/** Every page of a paged list. */
async function all<T>(
  cookie: string,
  handler: Handler,
  query: Record<string, string | number> = {},
): Promise<T[] | null> {
  const rows: T[] = [];
  for (let offset = 1; ; offset++) {
    const page = await read(cookie, handler, { ...query, count: 100, offset });
    if (!page) return null;
    rows.push(...(page.json as T[]));
    if (rows.length >= page.total || (page.json as T[]).length === 0) return rows;
  }
}

const paise = (n: number) => Math.round(n * 100);
const sum = <T>(rows: T[], key: (r: T) => number) => rows.reduce((s, r) => s + paise(key(r)), 0) / 100;

/** All the sources that answered agree (to the paisa); fewer than two: nothing to compare. */
function same(figure: string, sources: Sources) {
  const shown = sources.filter((s): s is [string, number | null] => s[1] !== undefined);
  if (shown.length < 2) return;
  const values = shown.map(([, v]) => (v === null ? null : paise(v)));
  expect(new Set(values).size, `${figure}: ${JSON.stringify(shown)}`).toBe(1);
}

const ROLES = [
  'admin@vardhman.test',
  'root@vardhman.test',
  'guest@vardhman.test',
  'rep@vardhman.test',
  'staff@vardhman.test',
  'admin@kaveri.test',
] as const;

interface Row {
  sysObligorCode: string;
  balance: number;
  overdue: number;
  sales12m: number;
  members: number;
}

describe('a figure has one value for the same date and scope, for every demo role', () => {
  it.each(ROLES)('%s', async (email) => {
    const { cookie } = await signInAs(database, email);
    const summary = (await read(cookie, summaryRoute))?.json;
    const summaryAtDsoEnd = (await read(cookie, summaryRoute, { date: dsoEndDate(TODAY) }))?.json;
    const families = await all<Row>(cookie, receivablesRoute);
    const parents = await all<Row>(cookie, parentsRoute);
    const byDim1 = (await read(cookie, byDim1Route))?.json as { outstanding: number; overdue: number }[] | undefined;
    const mapping = (await read(cookie, mappingRoute))?.json;
    const months = (await read(cookie, overviewRoute))?.json[0]?.months as
      { month: string; collected: number }[] | undefined;
    const overview = months?.at(-1) as Record<string, number> | undefined;
    const lastMonth = previousMonth(TODAY);
    const summaryLastMonth = (await read(cookie, summaryRoute, { date: lastMonth.end }))?.json;
    const forecast = (await read(cookie, forecastRoute))?.json;
    const worklist = await all<{ sysObligorCode: string; overdue: number }>(cookie, worklistRoute);
    const annual = (await read(cookie, annualDsoRoute))?.json;
    const series = (await read(cookie, dsoRoute))?.json;
    const kpis = (await read(cookie, kpisRoute))?.json;
    const answered = [summary, families, parents, mapping, forecast, worklist].filter(Boolean).length;
    expect(answered, 'the role reads some figure').toBeGreaterThan(0);

    same('balance', [
      ['summary (dashboard Balance card)', summary?.balance],
      ['receivables list, all pages', families ? sum(families, (r) => r.balance) : undefined],
      ['customer analysis card', mapping?.balance],
      ['customer analysis list, all pages', parents ? sum(parents, (r) => r.balance) : undefined],
      ['receivables by dim1', byDim1 ? sum(byDim1, (r) => r.outstanding) : undefined],
      ['monthly overview, today', overview?.outstanding],
      ['forecast card, balance today', forecast?.balance],
    ]);
    same('overdue', [
      ['summary', summary?.overdue],
      ['receivables list', families ? sum(families, (r) => r.overdue) : undefined],
      ['customer analysis card', mapping?.overdue],
      ['customer analysis list', parents ? sum(parents, (r) => r.overdue) : undefined],
      ['receivables by dim1', byDim1 ? sum(byDim1, (r) => r.overdue) : undefined],
      ['monthly overview, today', overview?.overdue],
    ]);
    // Each worklist row's overdue is its family's on the receivables list (the net figure is named apart).
    if (worklist && families) {
      const overdueOf = new Map(families.map((f) => [f.sysObligorCode, f.overdue]));
      for (const w of worklist)
        same(`overdue of ${w.sysObligorCode}`, [
          ['worklist', w.overdue],
          ['receivables list', overdueOf.get(w.sysObligorCode)],
        ]);
    }
    same('collected this month', [
      ['summary', summary?.paid],
      ['monthly overview, this month', overview?.collected],
    ]);
    same('collected last month', [
      ['dashboard card (summary at the month end)', summaryLastMonth?.paid],
      [
        'monthly overview and beta dashboard, last month',
        months?.find((m) => m.month === lastMonth.end.slice(0, 7))?.collected,
      ],
    ]);
    same('12-month sales', [
      ['summary', summary?.sales12m],
      ['customer analysis card', mapping?.sales12m],
      ['customer analysis list (DSO by customer)', parents ? sum(parents, (r) => r.sales12m) : undefined],
    ]);
    same('DSO today (12 months’ sales)', [
      ['customer analysis card', mapping?.dso],
      [
        'summary, as the beta dashboard computes it',
        summary ? annualDso(summary.balance, summary.sales12m) : undefined,
      ],
    ]);
    same(`annual DSO to ${dsoEndDate(TODAY)}`, [
      ['DSO section', annual?.dso],
      [
        'summary at the DSO end date',
        summaryAtDsoEnd ? annualDso(summaryAtDsoEnd.balance, summaryAtDsoEnd.sales12m) : undefined,
      ],
    ]);
    // Monthly DSO of each whole month: the DSO chart and the KPI strip's (its "simple DSO").
    if (series && kpis) {
      const kpiOf = new Map(
        (kpis.months as { month: string; simpleDso: number | null }[]).map((m) => [m.month, m.simpleDso]),
      );
      for (const m of (series.months as { month: string; date: string; dso: number | null }[]).slice(0, -1))
        if (kpiOf.has(m.month))
          same(`monthly DSO ${m.month}`, [
            ['DSO chart', m.dso],
            ['KPI strip', kpiOf.get(m.month)],
          ]);
    }
    same('customers', [
      ['customer analysis card', mapping?.customers],
      ['customer analysis list total', parents?.length],
    ]);
    same('customers that owe money', [
      ['customer analysis card', mapping?.openCustomers],
      ['customer analysis list, balance not zero', parents?.filter((p) => p.balance !== 0).length],
    ]);
    // "With receivables" (the receivables list) is named apart: never more than all the customers.
    if (families && mapping) expect(families.length).toBeLessThanOrEqual(mapping.customers);
    same('accounts', [
      ['customer analysis card', mapping?.obligors],
      ['customer analysis list, Σ family sizes', parents ? sum(parents, (r) => r.members) : undefined],
    ]);
    // Family size: the list's members, the customer page's heading; its accounts with receivables are at most that.
    const family = parents?.filter((p) => p.members > 1).sort((a, b) => b.members - a.members)[0];
    if (family) {
      const info = (await read(cookie, obligorInfoRoute, { sysObligorCode: family.sysObligorCode }))?.json;
      const accounts = await read(cookie, receivablesRoute, { parentSysObligorCode: family.sysObligorCode, count: 10 });
      const scoped = email.startsWith('guest') || email.startsWith('rep');
      if (info && !scoped)
        same(`family of ${family.sysObligorCode}`, [
          ['customer analysis list', family.members],
          ['customer page heading (itself and N more)', info.members + 1],
        ]);
      if (accounts) expect(accounts.total).toBeLessThanOrEqual(family.members);
    }
    if (forecast) {
      // Every part of the balance has its line on the forecast card.
      const weeks = sum(forecast.weeks as { expected: number }[], (w) => w.expected);
      same('forecast: expected in the weeks', [
        ['card', forecast.total.expected],
        ['Σ weeks', weeks],
      ]);
      const parts =
        (paise(weeks) +
          paise(forecast.later) +
          paise(forecast.excluded.disputed) +
          paise(forecast.excluded.notExpected) +
          paise(forecast.excluded.unlikely)) /
        100;
      same('forecast: the parts add up to the bills open', [
        ['bills open', forecast.openDebts],
        ['Σ parts', parts],
      ]);
      same('forecast: bills open and credits make the balance', [
        ['forecast balance', forecast.balance],
        ['bills open + credits', (paise(forecast.openDebts) + paise(forecast.credits)) / 100],
      ]);
    }
  });

  it('the collections workbook’s 12-month sales is the summary’s', async () => {
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    const url = new URL(`http://localhost:3000/api/reports/download.xlsx?report=COLLECTIONS_BY_MONTH&date=${TODAY}`);
    const res = await downloadRoute(new NextRequest(url, { headers: { cookie } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const at = (sheet.getRow(3).values as unknown[]).indexOf('Sales');
    let total = 0;
    sheet.eachRow((row, n) => {
      const label = String(row.getCell(1).value ?? '');
      if (n > 3 && /^\d{4}-\d{2}/.test(label)) total += paise(Number(row.getCell(at).value));
    });
    const summary = (await read(cookie, summaryRoute))!.json;
    same('12-month sales', [
      ['collections by month workbook, Σ Sales', total / 100],
      ['summary', summary.sales12m],
    ]);
  });

  it('the portal user and the investor see the figures of the admin for the same customers and day', async () => {
    const admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
    const portal = (await signInAs(database, 'portal@vardhman.test')).cookie;
    const accounts = (await read(portal, portalAccountsRoute, { accountType: 'POSTPAID', count: 10 }))!.json as {
      sysObligorCode: string;
      outstanding: number;
      overdue: number;
    }[];
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) {
      const own = (await read(admin, receivablesRoute, { sysObligorCode: a.sysObligorCode, count: 1 }))!.json as Row[];
      const row = own.find((r) => r.sysObligorCode === a.sysObligorCode);
      same(`balance of ${a.sysObligorCode}`, [
        ['portal', a.outstanding],
        ['receivables', row?.balance ?? 0],
      ]);
      same(`overdue of ${a.sysObligorCode}`, [
        ['portal', a.overdue],
        ['receivables', row?.overdue ?? 0],
      ]);
    }

    const investor = (await signInAs(database, 'investor@sahyadri.test')).cookie;
    const originators = (await read(investor, originatorsRoute))!.json as { id: number; name: string }[];
    const summary = (await read(admin, summaryRoute))!.json;
    const vardhman = originators.find((o) => /Vardhman/.test(o.name));
    expect(vardhman).toBeDefined();
    const pool = (await read(investor, originatorPerformanceRoute, {}, { id: String(vardhman!.id) }))!.json;
    same('balance', [
      ['investor pool', pool.outstanding],
      ['admin summary', summary.balance],
    ]);
    same('overdue', [
      ['investor pool', pool.overdue],
      ['admin summary', summary.overdue],
    ]);
    same('DSO today (12 months’ sales)', [
      ['investor pool', pool.dso],
      ['admin summary', annualDso(summary.balance, summary.sales12m)],
    ]);
  });
});
