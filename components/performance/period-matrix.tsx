import Link from 'next/link';
import { periodPair } from '@/lib/domain/periods';
import { formatPercent } from '@/lib/domain/format';
import type { TDimRow } from '@/lib/contract/performance';
import { pageGate } from '@/lib/backend/page-gate';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Loaded } from '@/components/ui/loaded';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { formatDay } from '@/components/ui/day';

export const BETA_PATH = '/borrowers/business-performance-beta';

interface Cell {
  name: string;
  now?: TDimRow;
  before?: TDimRow;
}

const overduePct = (row?: TDimRow) => (row ? row.overduePercent : 0);

/** Each row's balance and overdue share at both dates, with the change between them. */
async function loadMatrix(dim1Id: number | undefined, pair: { date: string; compareDate: string }) {
  const { backend, clientSettings } = await pageGate();
  const byDimension = (query: Record<string, unknown>) => backend.performance.dimReceivables({ query });
  const settings = await clientSettings();
  const values = dim1Id
    ? [dim1Id]
    : (await byDimension({ groupingKey: 'dim1', date: pair.date, count: 100 })).rows
        .map((r) => r.dimId)
        .filter((id): id is number => id !== null);
  const groups = await Promise.all(
    values.map(async (id) => {
      const [now, before] = await Promise.all(
        [pair.date, pair.compareDate].map((date) =>
          byDimension({ groupingKey: 'dim2', dim1Id: id, date, count: 100, sortBy: 'balance' }),
        ),
      );
      const byName = new Map<string, Cell>();
      for (const row of now!.rows) byName.set(row.name, { name: row.name, now: row });
      for (const row of before!.rows)
        byName.set(row.name, { ...(byName.get(row.name) ?? { name: row.name }), before: row });
      const total = await Promise.all(
        [pair.date, pair.compareDate].map((date) => byDimension({ groupingKey: 'dim1', dim1Id: id, date, count: 1 })),
      );
      return {
        id,
        name: total[0]!.rows[0]?.name ?? total[1]!.rows[0]?.name ?? String(id),
        total: { name: 'Total', now: total[0]!.rows[0], before: total[1]!.rows[0] } as Cell,
        cells: [...byName.values()],
      };
    }),
  );
  return { settings, groups: groups.filter((g) => g.cells.length > 0) };
}

function Change({ value, money, percent }: { value: number; money?: MoneyFormat; percent?: boolean }) {
  // More owed, or a larger overdue share, is worse: red up, green down.
  const colour = value > 0 ? 'text-rose-700' : value < 0 ? 'text-emerald-700' : 'text-slate-400';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return (
    <span className={`tabular-nums ${colour}`} data-change={value}>
      {percent ? (
        `${sign}${Math.abs(value).toFixed(1)} pt`
      ) : (
        <>
          {sign}
          <Money value={Math.abs(value)} format={money!} short className={colour} />
        </>
      )}
    </span>
  );
}

function MatrixRow({ cell, money, strong = false }: { cell: Cell; money: MoneyFormat; strong?: boolean }) {
  const now = cell.now?.balance ?? 0;
  const before = cell.before?.balance ?? 0;
  return (
    <tr
      className={strong ? 'bg-slate-50 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-50/70'}
      data-row={cell.name}
    >
      <Td className={strong ? '' : 'pl-8'}>{cell.name}</Td>
      <Td numeric data-col="balanceBefore" data-value={before}>
        <Money value={before} format={money} short />
      </Td>
      <Td numeric data-col="balance" data-value={now}>
        <Money value={now} format={money} short />
      </Td>
      <Td numeric>
        <Change value={now - before} money={money} />
      </Td>
      <Td numeric data-col="overduePercentBefore" data-value={overduePct(cell.before)}>
        {formatPercent(overduePct(cell.before))}
      </Td>
      <Td numeric data-col="overduePercent" data-value={overduePct(cell.now)}>
        {formatPercent(overduePct(cell.now))}
      </Td>
      <Td numeric>
        <Change value={overduePct(cell.now) - overduePct(cell.before)} percent />
      </Td>
    </tr>
  );
}

/** dim1 x dim2: each dim1 value with its dim2 values under it, balance and overdue share at two dates. */
export function PeriodMatrix({
  dim1Id,
  params,
  today,
}: {
  dim1Id?: number;
  params: Record<string, string>;
  today: string;
}) {
  const pair = periodPair(params, today);
  return (
    <Loaded load={() => loadMatrix(dim1Id, pair)} isEmpty={({ groups }) => groups.length === 0}>
      {({ settings, groups }) => (
        <div data-testid="period-matrix-dates" data-date={pair.date} data-compare-date={pair.compareDate}>
          <DataTable label="Balance by dimension at two dates" testId="period-matrix" dense>
            <thead>
              <tr>
                <Th>
                  {settings.dimensionNames.dim1} / {settings.dimensionNames.dim2}
                </Th>
                <Th numeric>Balance {formatDay(pair.compareDate)}</Th>
                <Th numeric>Balance {formatDay(pair.date)}</Th>
                <Th numeric>Change</Th>
                <Th numeric>Overdue % {formatDay(pair.compareDate)}</Th>
                <Th numeric>Overdue % {formatDay(pair.date)}</Th>
                <Th numeric>Change</Th>
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.id} data-group={group.name}>
                <MatrixRow cell={{ ...group.total, name: group.name }} money={settings} strong />
                {group.cells.map((cell) => (
                  <MatrixRow key={cell.name} cell={cell} money={settings} />
                ))}
                {!dim1Id && (
                  <tr>
                    <td colSpan={7} className="border-b border-slate-200 px-5 pb-2 text-right text-xs">
                      <Link href={`${BETA_PATH}/${group.id}`} className="text-brand-700 hover:underline">
                        Focus on {group.name} →
                      </Link>
                    </td>
                  </tr>
                )}
              </tbody>
            ))}
          </DataTable>
        </div>
      )}
    </Loaded>
  );
}
