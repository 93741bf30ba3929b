/**
 * The collections calls, timed without a baseline: tests/api/worklist.test.ts holds the worklist's
 * amounts equal to the ledger's, tests/api/kpis.test.ts the KPIs; here we measure what ranking every
 * overdue family and a year of collection KPIs cost.
 */
import { ZWorklistQuery } from '@/lib/contract/collections';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { worklist } from '@/lib/server/collections/worklist';
import { ZKpisQuery } from '@/lib/contract/kpis';
import { collectionKpis } from '@/lib/server/kpis/collection-kpis';
import { ZForecastQuery, type TForecast } from '@/lib/contract/forecast';
import { forecastDifferences } from '@/lib/domain/cash-forecast';
import { cashForecast, forecastFromLedger } from '@/lib/server/forecast/cash-forecast';
import type { BenchCall, CallContext } from './calls';

export function collectionCalls(ctx: CallContext): BenchCall[] {
  const { clientId } = ctx;
  const calls: BenchCall[] = [
    {
      id: 'worklist',
      label: 'Collector worklist, page 1, every family',
      path: 'rollup',
      params: {},
      service: (db) => worklist(db, clientId, ALL_OBLIGORS, ZWorklistQuery.parse({})),
    },
    {
      id: 'kpis',
      label: 'Collection KPIs, 12 months, the client',
      path: 'history',
      params: {},
      service: (db) => collectionKpis(db, clientId, ALL_OBLIGORS, ZKpisQuery.parse({ toDate: ctx.today })),
    },
    {
      id: 'kpis-family',
      label: `Collection KPIs, 12 months, one family (${ctx.familyCode})`,
      path: 'history',
      params: { sysObligorCode: ctx.familyCode },
      service: (db) =>
        collectionKpis(
          db,
          clientId,
          ALL_OBLIGORS,
          ZKpisQuery.parse({ toDate: ctx.today, sysObligorCode: ctx.familyCode }),
        ),
    },
    // The client's from the ledger takes minutes at scale 17 (what the stored forecast removes): timed
    // only; the family's and the field officer's are held equal to their ledger computation.
    {
      id: 'forecast',
      label: 'Cash-in forecast, 13 weeks, the client, with its back-test',
      path: 'stored',
      params: {},
      service: (db) => cashForecast(db, clientId, ALL_OBLIGORS, ZForecastQuery.parse({})),
      note: backtestNote,
    },
    {
      id: 'forecast-family',
      label: `Cash-in forecast, 13 weeks, one family (${ctx.familyCode})`,
      path: 'stored',
      params: { sysObligorCode: ctx.familyCode },
      service: (db) =>
        cashForecast(db, clientId, ALL_OBLIGORS, ZForecastQuery.parse({ sysObligorCode: ctx.familyCode })),
      baseline: (db) =>
        forecastFromLedger(db, clientId, ALL_OBLIGORS, ZForecastQuery.parse({ sysObligorCode: ctx.familyCode })),
      note: backtestNote,
      compare: (service, baseline) => forecastDifferences(service as TForecast, baseline as TForecast),
    },
  ];
  if (ctx.guestId) {
    const guestId = ctx.guestId;
    calls.push({
      id: 'worklist-guest',
      label: `Collector worklist as a field officer (user ${guestId})`,
      path: 'rollup',
      params: {},
      service: (db) =>
        worklist(db, clientId, { kind: 'ASSIGNED', role: 'guest', userId: guestId }, ZWorklistQuery.parse({})),
    });
    const officer = { kind: 'ASSIGNED', role: 'guest', userId: guestId } as const;
    calls.push({
      id: 'forecast-guest',
      label: `Cash-in forecast, 13 weeks, as a field officer (user ${guestId})`,
      path: 'stored',
      params: {},
      service: (db) => cashForecast(db, clientId, officer, ZForecastQuery.parse({})),
      baseline: (db) => forecastFromLedger(db, clientId, officer, ZForecastQuery.parse({})),
      note: backtestNote,
      compare: (service, baseline) => forecastDifferences(service as TForecast, baseline as TForecast),
    });
  }
  return calls;
}

/** The forecast's total and its back-test error over the last 6 month ends. */
function backtestNote(answer: unknown): string {
  const forecast = answer as TForecast;
  const mape = forecast.backtest.mape === null ? 'no cash to compare' : `${forecast.backtest.mape}%`;
  return `13 weeks ₹${Math.round(forecast.total.expected).toLocaleString('en-IN')}, back-test MAPE ${mape}`;
}
