import Link from 'next/link';
import type { THolding, THoldingTotals } from '@/lib/contract/investors';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { INR, pct } from './format';

const STATUS_TONE = {
  ACTIVE: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  MATURED: 'bg-slate-100 text-slate-600 ring-slate-200',
  OFFERED: 'bg-sky-50 text-sky-700 ring-sky-200',
} as const;
const STATUS_LABEL = { ACTIVE: 'Active', MATURED: 'Matured', OFFERED: 'Issuing' } as const;

/** My Securities: one row a holding, totals underneath. */
export function HoldingsTable({ rows, totals }: { rows: THolding[]; totals: THoldingTotals }) {
  return (
    <DataTable label="My securities" testId="holdings" caption="Amounts in INR">
      <thead>
        <tr>
          <Th>Security</Th>
          <Th>Originator</Th>
          <Th>Status</Th>
          <Th numeric>Units</Th>
          <Th numeric>Invested</Th>
          <Th numeric>Current value</Th>
          <Th numeric>Coupon</Th>
          <Th numeric>Realised yield</Th>
          <Th>Next payment</Th>
          <Th>Maturity</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((h) => (
          <Tr key={h.id} data-testid="holding-row">
            <Td>
              <Link href={`/investors/my_securities/${h.id}`} className="font-medium text-brand-700 hover:underline">
                {h.securityName}
              </Link>
              <span className="block text-xs text-slate-400">
                {h.isin} · {h.rating}
              </span>
            </Td>
            <Td>
              <Link href={`/investors/originators/${h.originatorId}`} className="text-slate-700 hover:underline">
                {h.originatorName}
              </Link>
            </Td>
            <Td>
              <span className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${STATUS_TONE[h.status]}`}>
                {STATUS_LABEL[h.status]}
              </span>
            </Td>
            <Td numeric>{h.units.toLocaleString('en-IN')}</Td>
            <Td numeric>
              <Money value={h.investedAmount} format={INR} bare whole />
            </Td>
            <Td numeric>
              <Money value={h.currentValue} format={INR} bare whole />
            </Td>
            <Td numeric>{pct(h.couponRate)}</Td>
            <Td numeric>{pct(h.realisedYield)}</Td>
            <Td>
              {h.nextPaymentDate ? (
                <>
                  <Day iso={h.nextPaymentDate} />
                  <span className="block text-xs text-slate-500">
                    <Money value={h.nextPaymentAmount ?? 0} format={INR} whole />
                  </span>
                </>
              ) : (
                <span className="text-slate-400">-</span>
              )}
            </Td>
            <Td>
              <Day iso={h.maturityDate} />
            </Td>
          </Tr>
        ))}
        <tr className="bg-slate-50/60 font-semibold text-slate-900" data-testid="holdings-total">
          <Td colSpan={4}>Total ({rows.length} holdings)</Td>
          <Td numeric>
            <Money value={totals.investedAmount} format={INR} bare whole />
          </Td>
          <Td numeric>
            <Money value={totals.currentValue} format={INR} bare whole />
          </Td>
          <Td numeric title="Coupon of the live holdings, weighted by the amount invested">
            {pct(totals.weightedCoupon)}
          </Td>
          <Td colSpan={3} className="text-xs font-normal text-slate-500">
            received to date <Money value={totals.received} format={INR} whole />
          </Td>
        </tr>
      </tbody>
    </DataTable>
  );
}
