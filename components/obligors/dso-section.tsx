import { pageGate } from '@/lib/backend/page-gate';
import { formatDay } from '@/components/ui/day';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { titleCase } from '@/lib/domain/format';
import { DsoChart } from './dso-chart';

/**
 * Monthly DSO up to the DSO end date (one month before today), the annual DSO at that date and
 * the annual DSO per sales segment. `codes` narrows it to one family or one obligor.
 */
export function DsoSection({
  params,
  codes,
  showSplit = false,
}: {
  params: Record<string, string>;
  codes?: { parentSysObligorCode?: string; sysObligorCode?: string };
  showSplit?: boolean;
}) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const { customers } = backend;
    const query = { ...(params.dim ? { dim: params.dim } : {}), ...codes };
    // One family or one obligor has calls of its own (they check the user may see it); the book the client's.
    const one = Boolean(codes?.parentSysObligorCode || codes?.sysObligorCode);
    const [money, series, annual, split] = await Promise.all([
      clientSettings(),
      one ? customers.obligorDso({ query }) : customers.dso({ query }),
      one ? customers.obligorAnnualDso({ query }) : customers.annualDso({ query }),
      showSplit ? customers.dsoSplit({ query: { by: 'salesSegment' } }) : Promise.resolve(null),
    ]);
    return { money, series, annual, split };
  };
  return (
    <Loaded load={load} isEmpty={({ series }) => series.months.every((m) => m.dso == null)}>
      {({ money, series, annual, split }) => (
        <div className="space-y-4" data-testid="dso-section">
          <div className="flex flex-wrap items-end gap-6">
            <div data-testid="annual-dso" data-value={annual.dso ?? ''}>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                Annual DSO to {formatDay(annual.date)}
              </p>
              <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
                {annual.dso == null ? '-' : `${annual.dso.toFixed(1)} days`}
              </p>
              <p className="text-xs text-slate-500">
                <Money value={annual.receivables} format={money} short /> owed on {formatDay(annual.date)} over{' '}
                <Money value={annual.sales12m} format={money} short /> sales in 12 months
              </p>
            </div>
            {split && (
              <dl className="flex gap-5 text-sm" data-testid="dso-by-segment">
                {split.rows.map((row) => (
                  <div key={row.key}>
                    <dt className="text-xs text-slate-500">{titleCase(row.key)}</dt>
                    <dd className="font-semibold tabular-nums text-slate-900">
                      {row.dso == null ? '-' : `${row.dso.toFixed(0)} d`}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
          <DsoChart months={series.months} annual={annual.dso} money={money} />
        </div>
      )}
    </Loaded>
  );
}
