import { monthLabel } from '@/lib/domain/dates';
import { readSort } from '@/lib/client/url-state';
import { DIM_SORT_KEYS } from '@/lib/contract/performance';
import { pageGate } from '@/lib/backend/page-gate';
import { Loaded } from '@/components/ui/loaded';
import { DimBarChart } from './dim-bar-chart';
import { DimTable } from './dim1-table';

export const DIM1_PATH = '/borrowers/dimension1';

export function dim1Sort(params: Record<string, string>) {
  return readSort(params, DIM_SORT_KEYS, { sortBy: 'balance', order: 'DESC' });
}

/** The months the collections cover: 'Dec 2025 – Nov 2026' (the month to date included). */
export function collectionsRange(fromDate: string, toDate: string): string {
  const month = monthLabel;
  return `${month(fromDate)} – ${month(toDate)}`;
}

/** Every dim1 value's balance split into current and overdue. */
export function Dim1Chart() {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [money, overview] = await Promise.all([clientSettings(), backend.performance.dim1Overview()]);
    return {
      money: { currency: money.currency, locale: money.locale },
      bars: overview.rows.map((r) => ({ name: r.name, current: r.current, overdue: r.overdue })),
    };
  };
  return (
    <Loaded load={load} isEmpty={({ bars }) => bars.every((b) => b.current === 0 && b.overdue === 0)}>
      {({ money, bars }) => <DimBarChart bars={bars} money={money} />}
    </Loaded>
  );
}

/** The list: one row per dim1 value, sorted through the URL, each leading to its own page. */
export function Dim1List({ params }: { params: Record<string, string> }) {
  const sort = dim1Sort(params);
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, overview] = await Promise.all([
      clientSettings(),
      backend.performance.dim1Overview({ query: sort }),
    ]);
    return { settings, overview };
  };
  return (
    <Loaded load={load} isEmpty={({ overview }) => overview.rows.length === 0}>
      {({ settings, overview }) => (
        <DimTable
          rows={overview.rows}
          money={settings}
          boundaries={settings.boundaries}
          dimName={settings.dimensionNames.dim1}
          collectionsLabel="Collected, 12 months"
          note={`collected ${collectionsRange(overview.fromDate, overview.toDate)}`}
          detailPath={DIM1_PATH}
          sort={sort}
          pathname={DIM1_PATH}
          params={params}
          testId="dim1-table"
        />
      )}
    </Loaded>
  );
}
