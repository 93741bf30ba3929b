import 'server-only';
import type { CallContract, CallResult } from '@/lib/contract/call';
import type { TDigestFigures } from '@/lib/contract/digest';
import { DIGEST_FORECAST_WEEKS, digestPeriod, largestMovers, type MoverRow } from '@/lib/domain/digest';
import { KPI_STRIP, kpiChange, stripMonths } from '@/lib/domain/kpi-strip';
import type { Db } from '@/lib/db/client';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { disputes } from '@/lib/server/calls/disputes';
import { execute } from '@/lib/server/calls/execute';
import { forecast } from '@/lib/server/calls/forecast';
import { kpis } from '@/lib/server/calls/kpis';
import { promises } from '@/lib/server/calls/promises';
import { receivables } from '@/lib/server/calls/receivables';
import type { ServedCall } from '@/lib/server/calls/serve';
import { DomainError } from '@/lib/server/domain-errors';
import { MAX_PAGE_SIZE } from '@/lib/constants';

/** At most this many pages of a list are walked (500 rows each): a digest never reads without end. */
const MAX_PAGES = 40;

/**
 * The digest's figures, read through the very calls the dashboard makes (`execute`, as the pages'
 * backend does), as the user: their access, their row scope, the same parameters. For the client's
 * today the calls are made without a date, exactly as the dashboard makes them; for a past day with it.
 */
export async function digestFigures(
  db: Db,
  session: SessionData,
  req: { frequency: 'DAILY' | 'WEEKLY'; today: string; date: string },
): Promise<TDigestFigures> {
  const caller = { db, session, headers: new Headers() };
  const read = async <C extends CallContract>(served: ServedCall<C>, query: Record<string, unknown>) =>
    (await execute(served, caller, { params: { clientId: session.clientId }, query })).result as CallResult<C>;
  // Promises and disputes are read only by users whose pages show them: for the others the section is left out.
  const shown = async <T>(load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'forbidden') return null;
      throw error;
    }
  };
  const { date } = req;
  const period = digestPeriod({ frequency: req.frequency, weekday: null }, date);
  const previous = period.previousDate;
  const onDate = date === req.today ? {} : { date };
  const all = async <R>(served: ServedCall, query: Record<string, unknown>, stop?: (row: R) => boolean) => {
    const rows: R[] = [];
    for (let offset = 1; offset <= MAX_PAGES; offset++) {
      const page = (await read(served, { ...query, count: MAX_PAGE_SIZE, offset })) as unknown as {
        rows: R[];
        total: number;
      };
      rows.push(...page.rows);
      if (rows.length >= page.total || page.rows.length < MAX_PAGE_SIZE || (stop && page.rows.some(stop))) break;
    }
    return rows;
  };

  const [now, before, kpiAnswer, cash, parentsNow, parentsBefore] = await Promise.all([
    read(receivables.summary, onDate),
    read(receivables.summary, { date: previous }),
    read(kpis.kpis, date === req.today ? {} : { toDate: date }),
    read(forecast.forecast, onDate),
    all<MoverRow>(receivables.list, { ...onDate, sortBy: 'balance', order: 'DESC' }),
    all<MoverRow>(receivables.list, { date: previous, sortBy: 'balance', order: 'DESC' }),
  ]);
  const months = stripMonths(kpiAnswer.months);
  const last = months.at(-1);
  const monthBefore = months.at(-2);

  type PromiseRow = CallResult<typeof promises.list.contract>['rows'][number];
  const promiseLine = (p: PromiseRow) => ({
    id: p.id,
    sysObligorCode: p.sysObligorCode,
    obligorName: p.obligorName,
    amount: p.amount,
    promisedDate: p.promisedDate,
  });
  const promisesDue = await shown(async () =>
    (await all<PromiseRow>(promises.list, { status: 'OPEN' }))
      .filter((p) => p.promisedDate >= date && p.promisedDate <= period.nextEnd)
      .sort((a, b) => a.promisedDate.localeCompare(b.promisedDate) || b.amount - a.amount)
      .map(promiseLine),
  );
  // Newest promised date first: the walk stops at the first page reaching back past the period.
  const promisesBroken = await shown(async () =>
    (await all<PromiseRow>(promises.list, { status: 'BROKEN' }, (p) => p.promisedDate <= previous))
      .filter((p) => p.promisedDate > previous && p.promisedDate <= date)
      .sort((a, b) => a.promisedDate.localeCompare(b.promisedDate) || b.amount - a.amount)
      .map(promiseLine),
  );
  type DisputeRow = CallResult<typeof disputes.list.contract>['rows'][number];
  const newDisputes = await shown(async () =>
    (await all<DisputeRow>(disputes.list, {}))
      .filter((d) => d.openedOn > previous && d.openedOn <= date)
      .sort((a, b) => a.openedOn.localeCompare(b.openedOn) || b.amount - a.amount)
      .map((d) => ({
        id: d.id,
        sysObligorCode: d.sysObligorCode,
        obligorName: d.obligorName,
        amount: d.amount,
        reason: d.reason,
        openedOn: d.openedOn,
      })),
  );

  return {
    asOf: date,
    previousDate: previous,
    period: period.key,
    frequency: req.frequency,
    balance: now.balance,
    overdue: now.overdue,
    previousBalance: before.balance,
    previousOverdue: before.overdue,
    kpiMonth: last?.month ?? null,
    kpis: last
      ? KPI_STRIP.map((k) => ({
          key: k.key,
          label: k.label,
          unit: k.unit,
          value: last[k.key],
          previous: monthBefore?.[k.key] ?? null,
          change: kpiChange(last[k.key], monthBefore?.[k.key] ?? null),
        }))
      : [],
    forecast: cash.weeks.slice(0, DIGEST_FORECAST_WEEKS).map((w) => ({
      weekStart: w.weekStart,
      weekEnd: w.weekEnd,
      expected: w.expected,
      low: w.low,
      high: w.high,
    })),
    promisesDue,
    promisesBroken,
    movers: largestMovers(pick(parentsNow), pick(parentsBefore)),
    newDisputes,
  };
}

const pick = (rows: MoverRow[]): MoverRow[] =>
  rows.map((r) => ({ sysObligorCode: r.sysObligorCode, name: r.name, balance: r.balance, overdue: r.overdue }));
