import { monthLabel } from '@/lib/domain/dates';
import type { TPoolPerformance } from '@/lib/contract/investors';
import { StatCard } from '@/components/receivables/stat-card';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { INR, pct } from './format';

/**
 * How the receivables behind a pool are doing: totals of the originator's book only (never a
 * customer), the ageing split as bars, and twelve months of outstanding, overdue and collections.
 */
export function PoolPerformance({ perf }: { perf: TPoolPerformance }) {
  const max = Math.max(1, ...perf.ageing.map((a) => Math.abs(a.amount)));
  return (
    <div className="space-y-5" data-testid="pool-performance">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Outstanding"
          figure={<Money value={perf.outstanding} format={INR} short />}
          secondary={
            <>
              originator&apos;s receivables at <Day iso={perf.date} />
            </>
          }
        />
        <StatCard
          label="Overdue share"
          figure={pct(perf.overdueShare, 1)}
          secondary={
            <>
              <Money value={perf.overdue} format={INR} short /> past due
            </>
          }
        />
        <StatCard
          label="Collected this month"
          figure={<Money value={perf.collectedThisMonth} format={INR} short />}
          secondary={
            <>
              billed <Money value={perf.invoicedThisMonth} format={INR} short />
            </>
          }
        />
        <StatCard
          label="DSO today (12 months' sales)"
          figure={perf.dso == null ? '-' : `${perf.dso.toFixed(1)} days`}
          secondary={`${perf.openObligors.toLocaleString('en-IN')} customers with open items`}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[1fr_2fr]">
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h4 className="text-sm font-semibold text-slate-900">Ageing</h4>
          <ul className="mt-3 space-y-2.5">
            {perf.ageing.map((a) => (
              <li key={a.key} className="text-xs">
                <div className="flex justify-between text-slate-600">
                  <span>{a.label}</span>
                  <Money value={a.amount} format={INR} short className="font-medium text-slate-900" />
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100">
                  <div
                    className={`h-2 rounded-full ${a.key === 'current' ? 'bg-emerald-500' : a.key === 'crdBucket4' ? 'bg-rose-600' : 'bg-amber-500'}`}
                    style={{ width: `${Math.max(0, (a.amount / max) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <h4 className="border-b border-slate-100 px-5 py-3.5 text-sm font-semibold text-slate-900">
            Monthly history of the book
          </h4>
          <DataTable label="Monthly history" testId="pool-months" dense caption="Amounts in INR">
            <thead>
              <tr>
                <Th>Month</Th>
                <Th numeric>Outstanding</Th>
                <Th numeric>Overdue</Th>
                <Th numeric>Overdue share</Th>
                <Th numeric>Billed</Th>
                <Th numeric>Collected</Th>
              </tr>
            </thead>
            <tbody>
              {perf.months.map((m) => (
                <tr key={m.month}>
                  <Td>{monthLabel(m.month)}</Td>
                  <Td numeric>
                    <Money value={m.outstanding} format={INR} short />
                  </Td>
                  <Td numeric>
                    <Money value={m.overdue} format={INR} short />
                  </Td>
                  <Td numeric>{pct(m.overdueShare, 1)}</Td>
                  <Td numeric>
                    <Money value={m.invoiced} format={INR} short />
                  </Td>
                  <Td numeric>
                    <Money value={m.collected} format={INR} short />
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      </div>
    </div>
  );
}
