import { formatPercent } from '@/lib/domain/format';
import { AgeingBarChart } from '@/components/receivables/ageing-bar-chart';
import { bucketColumns } from '@/components/receivables/bucket-columns';
import { pageGate } from '@/lib/backend/page-gate';
import { RatingBadge } from '@/components/receivables/rating-badge';
import { StatCard } from '@/components/receivables/stat-card';
import { TrendLineChart } from '@/components/receivables/trend-line-chart';
import { mayOpen } from '@/lib/domain/route-permissions';
import { CUSTOMERS_PATH, obligorHref } from '@/components/obligors/customer-params';
import { MaybeLink } from '@/components/ui/maybe-link';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { collectionsRange } from './dim1-sections';
import { DimTable } from './dim1-table';

/** One dim1 value: its row of the list (the same call) and its monthly trend. */
async function loadValue(id: number) {
  const { backend, clientSettings } = await pageGate();
  const [settings, overview] = await Promise.all([
    clientSettings(),
    backend.performance.dim1Overview({ query: { dimId: id } }),
  ]);
  return { settings, overview, row: overview.rows[0], months: overview.months ?? [] };
}

export function Dim1Cards({ id }: { id: number }) {
  return (
    <Loaded load={() => loadValue(id)} isEmpty={({ row }) => !row}>
      {({ settings: money, overview, row }) => (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-5" data-testid="dim1-cards">
          <StatCard
            label="Balance"
            figure={<Money value={row!.balance} format={money} short />}
            secondary={`Owed by ${row!.openObligors.toLocaleString(money.locale)} accounts`}
            testId="card-balance"
          />
          <StatCard
            label="Overdue"
            figure={<Money value={row!.overdue} format={money} short />}
            secondary={`${formatPercent(row!.overduePercent)} of the balance`}
            testId="card-overdue"
          />
          <StatCard
            label="Collected"
            figure={<Money value={row!.collections} format={money} short />}
            secondary={collectionsRange(overview.fromDate, overview.toDate)}
            testId="card-collections"
          />
          <StatCard
            label="DSO today (12 months' sales)"
            figure={row!.dso == null ? '-' : `${row!.dso.toFixed(1)} days`}
            secondary="balance ÷ 12-month sales × 365"
            testId="card-dso"
          />
          <StatCard
            label="Weighted rating"
            figure={row!.obligorWeightedRating == null ? '-' : row!.obligorWeightedRating.toFixed(2)}
            testId="card-rating"
          >
            <RatingBadge rating={row!.rating} />
          </StatCard>
        </div>
      )}
    </Loaded>
  );
}

export function Dim1Trend({ id }: { id: number }) {
  return (
    <Loaded
      load={() => loadValue(id)}
      isEmpty={({ months }) => !months.some((m) => m.outstanding !== 0 || m.collected !== 0)}
    >
      {({ settings, months }) => (
        <TrendLineChart months={months} money={{ currency: settings.currency, locale: settings.locale }} />
      )}
    </Loaded>
  );
}

export function Dim1Ageing({ id }: { id: number }) {
  return (
    <Loaded load={() => loadValue(id)} isEmpty={({ row }) => !row || row.balance === 0}>
      {({ settings, row }) => (
        <AgeingBarChart
          money={{ currency: settings.currency, locale: settings.locale }}
          bars={bucketColumns(settings.boundaries, 'CREDIT_DATE').map((c) => ({
            bucket: c.key,
            label: c.label,
            amount: row![c.key],
          }))}
        />
      )}
    </Loaded>
  );
}

/** The customer analysis list filtered by the value: its largest parent customers. */
export function Dim1TopCustomers({ id }: { id: number }) {
  const load = async () => {
    const { backend, clientSettings, session } = await pageGate();
    const [money, list] = await Promise.all([
      clientSettings(),
      backend.customers.parentObligors({ query: { dim: id, count: 10, sortBy: 'balance', order: 'DESC' } }),
    ]);
    return {
      money,
      rows: list.rows.filter((r) => r.balance !== 0),
      canOpenCustomers: mayOpen(session, CUSTOMERS_PATH),
    };
  };
  return (
    <Loaded load={load} isEmpty={({ rows }) => rows.length === 0}>
      {({ money, rows, canOpenCustomers }) => (
        <DataTable label="Top customers" testId="top-customers" dense>
          <thead>
            <tr>
              <Th>Customer</Th>
              <Th numeric>Balance</Th>
              <Th numeric>Overdue</Th>
              <Th numeric>DSO</Th>
              <Th numeric>Rating</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.sysObligorCode} className="text-slate-700 hover:bg-slate-50/70">
                <Td>
                  <MaybeLink
                    allowed={canOpenCustomers}
                    href={obligorHref(r.sysObligorCode, true)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {r.name}
                  </MaybeLink>
                </Td>
                <Td numeric>
                  <Money value={r.balance} format={money} short />
                </Td>
                <Td numeric className="text-rose-700">
                  <Money value={r.overdue} format={money} short />
                </Td>
                <Td numeric>{r.dso == null ? '-' : r.dso.toFixed(1)}</Td>
                <Td numeric>
                  <RatingBadge rating={r.rating} />
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Loaded>
  );
}

/** The value's dim2 breakdown: the dimension call grouped by dim2 within this dim1 value. */
export function Dim1Breakdown({ id, pathname }: { id: number; pathname: string }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, result] = await Promise.all([
      clientSettings(),
      backend.performance.dimReceivables({ query: { groupingKey: 'dim2', dim1Id: id, count: 100 } }),
    ]);
    return { settings, rows: result.rows };
  };
  return (
    <Loaded load={load} isEmpty={({ rows }) => rows.length === 0}>
      {({ settings, rows }) => (
        <DimTable
          rows={rows}
          money={settings}
          boundaries={settings.boundaries}
          dimName={settings.dimensionNames.dim2}
          collectionsLabel="Collected this month"
          note="collected this month to date"
          pathname={pathname}
          params={{}}
          testId="dim2-table"
        />
      )}
    </Loaded>
  );
}
