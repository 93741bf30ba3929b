import { summaryPeriods } from '@/lib/domain/periods';
import { annualDso } from '@/lib/domain/dso';
import { AgeingBarChart } from '@/components/receivables/ageing-bar-chart';
import { bucketColumns } from '@/components/receivables/bucket-columns';
import { pageGate } from '@/lib/backend/page-gate';
import { StatCard } from '@/components/receivables/stat-card';
import { TrendLineChart } from '@/components/receivables/trend-line-chart';
import { Loaded } from '@/components/ui/loaded';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { formatDay } from '@/components/ui/day';

function Delta({
  now,
  before,
  money,
  unit,
}: {
  now: number | null;
  before: number | null;
  money?: MoneyFormat;
  unit?: string;
}) {
  if (now == null || before == null) return <span className="text-slate-400">no comparison</span>;
  const diff = now - before;
  const pct = before ? (diff / Math.abs(before)) * 100 : null;
  const text = money ? (
    <Money value={Math.abs(diff)} format={money} short />
  ) : (
    `${Math.abs(diff).toFixed(1)}${unit ?? ''}`
  );
  return (
    <span className="tabular-nums" data-delta={diff}>
      {diff >= 0 ? '▲' : '▼'} {text}
      {pct != null && ` (${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%)`}
    </span>
  );
}

/** Balance, overdue, collections and DSO of this period against the previous one (the receivables summary and trend). */
export function PeriodComparison() {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const settings = await clientSettings();
    const p = summaryPeriods(settings.today);
    const [now, before, [trend]] = await Promise.all([
      backend.receivables.summary({ query: { date: p.now } }),
      backend.receivables.summary({ query: { date: p.before } }),
      backend.receivables.overview({ query: { fromDate: p.fromDate, toDate: p.now } }),
    ]);
    const [prevMonth, thisMonth] = [trend?.months.at(-2), trend?.months.at(-1)];
    return {
      p,
      money: { currency: settings.currency, locale: settings.locale },
      now,
      before,
      collectedNow: thisMonth?.collected ?? 0,
      collectedBefore: prevMonth?.collected ?? 0,
      dsoNow: annualDso(now.balance, now.sales12m),
      dsoBefore: annualDso(before.balance, before.sales12m),
    };
  };
  const label = formatDay;
  return (
    <Loaded load={load}>
      {(d) => (
        <div
          className="grid grid-cols-2 gap-4 lg:grid-cols-4"
          data-testid="period-comparison"
          data-now={d.p.now}
          data-before={d.p.before}
          data-from={d.p.fromDate}
        >
          <StatCard
            label="Balance"
            figure={<Money value={d.now.balance} format={d.money} short />}
            secondary={
              <>
                vs {label(d.p.before)}: <Delta now={d.now.balance} before={d.before.balance} money={d.money} />
              </>
            }
            testId="cmp-balance"
          />
          <StatCard
            label="Overdue"
            figure={<Money value={d.now.overdue} format={d.money} short />}
            secondary={
              <>
                vs {label(d.p.before)}: <Delta now={d.now.overdue} before={d.before.overdue} money={d.money} />
              </>
            }
            testId="cmp-overdue"
          />
          <StatCard
            label="Collected this month"
            figure={<Money value={d.collectedNow} format={d.money} short />}
            secondary={
              <>
                last month: <Money value={d.collectedBefore} format={d.money} short />
              </>
            }
            testId="cmp-collections"
          />
          <StatCard
            label="DSO today (12 months' sales)"
            figure={<span data-value={d.dsoNow ?? ''}>{d.dsoNow == null ? '-' : `${d.dsoNow.toFixed(1)} days`}</span>}
            secondary={
              <>
                {/* The same kind at the month end, named with its date: not the annual DSO to the DSO end date. */}
                DSO at {label(d.p.before)}: {d.dsoBefore == null ? '-' : `${d.dsoBefore.toFixed(1)} days`}{' '}
                <Delta now={d.dsoNow} before={d.dsoBefore} unit=" days" />
              </>
            }
            testId="cmp-dso"
          />
        </div>
      )}
    </Loaded>
  );
}

/** GET /v3/clients/split_by graph1: the monthly trends. */
export function SplitTrend() {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, split] = await Promise.all([
      clientSettings(),
      backend.customers.splitBy({ query: { graph: 'graph1' } }),
    ]);
    const months = (split.graph === 'graph1' ? split.months : []).map((m) => ({
      month: m.month,
      outstanding: m.balance,
      overdue: m.overdue,
      collected: m.collections,
    }));
    return { money: { currency: settings.currency, locale: settings.locale }, months };
  };
  return (
    <Loaded load={load} isEmpty={({ months }) => months.length === 0}>
      {({ money, months }) => <TrendLineChart months={months} money={money} />}
    </Loaded>
  );
}

/** GET /v3/clients/split_by graph2: the ageing today on the credit basis. */
export function SplitAgeing() {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, split] = await Promise.all([
      clientSettings(),
      backend.customers.splitBy({ query: { graph: 'graph2' } }),
    ]);
    const amounts = new Map<string, number>(
      (split.graph === 'graph2' ? split.creditBasis : []).map((b) => [b.bucket, b.amount]),
    );
    return {
      money: { currency: settings.currency, locale: settings.locale },
      bars: bucketColumns(settings.boundaries, 'CREDIT_DATE').map((c) => ({
        bucket: c.key,
        label: c.label,
        amount: amounts.get(c.key) ?? 0,
      })),
    };
  };
  return (
    <Loaded load={load} isEmpty={({ bars }) => bars.every((b) => b.amount === 0)}>
      {({ money, bars }) => <AgeingBarChart bars={bars} money={money} />}
    </Loaded>
  );
}
