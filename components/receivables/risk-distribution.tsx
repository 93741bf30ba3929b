import { riskDistribution } from '@/lib/domain/rating';
import { formatPercent } from '@/lib/domain/format';
import { riskColour } from './rating-badge';

const CLASSES = [
  { key: 'low', label: 'Low' },
  { key: 'medium', label: 'Medium' },
  { key: 'high', label: 'High' },
] as const;

/** Low, medium and high rated receivables as shares of their sum: one stacked bar and three figures. */
export function RiskDistribution({ low, medium, high }: { low: number; medium: number; high: number }) {
  const shares = riskDistribution(low, medium, high);
  return (
    <div data-testid="risk-distribution">
      <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden>
        {CLASSES.map((c) => (
          <div key={c.key} style={{ width: `${shares[c.key]}%`, backgroundColor: riskColour(c.key) }} />
        ))}
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {CLASSES.map((c) => (
          <div key={c.key} className="min-w-0">
            <dt className="flex items-center gap-1.5 text-xs text-slate-500">
              <span className="h-2 w-2 rounded-full" style={{ backgroundColor: riskColour(c.key) }} />
              {c.label}
            </dt>
            <dd className="mt-0.5 text-sm font-semibold tabular-nums text-slate-900" data-testid={`risk-${c.key}`}>
              {formatPercent(shares[c.key])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
