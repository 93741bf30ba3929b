import type { TCashflowRow } from '@/lib/contract/investors';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { INR } from './format';

const STATE = {
  RECEIVED: ['Received', 'bg-emerald-50 text-emerald-700 ring-emerald-200'],
  LATE: ['Received late', 'bg-amber-50 text-amber-800 ring-amber-200'],
  SHORT: ['Short', 'bg-rose-50 text-rose-700 ring-rose-200'],
  OVERDUE: ['Overdue', 'bg-rose-50 text-rose-700 ring-rose-200'],
  UPCOMING: ['Scheduled', 'bg-slate-100 text-slate-600 ring-slate-200'],
} as const;

/** The schedule against receipts: every expected flow, what came in, when, and the gap. */
export function CashflowTable({ rows }: { rows: TCashflowRow[] }) {
  return (
    <DataTable label="Cash-flow schedule" testId="cashflows" caption="Amounts in INR">
      <thead>
        <tr>
          <Th>Due</Th>
          <Th numeric>Expected</Th>
          <Th>Received on</Th>
          <Th numeric>Received</Th>
          <Th numeric>Shortfall</Th>
          <Th>State</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => {
          const gap =
            f.receivedAmount == null
              ? f.state === 'OVERDUE'
                ? f.expectedAmount
                : 0
              : f.expectedAmount - f.receivedAmount;
          return (
            <tr key={f.dueDate}>
              <Td>
                <Day iso={f.dueDate} />
              </Td>
              <Td numeric>
                <Money value={f.expectedAmount} format={INR} bare />
              </Td>
              <Td>
                <Day iso={f.receivedDate} />
              </Td>
              <Td numeric>{f.receivedAmount == null ? '' : <Money value={f.receivedAmount} format={INR} bare />}</Td>
              <Td numeric className={gap > 0 ? 'text-rose-700' : 'text-slate-400'}>
                {gap > 0 ? <Money value={gap} format={INR} bare /> : '-'}
              </Td>
              <Td>
                <span className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${STATE[f.state][1]}`}>
                  {STATE[f.state][0]}
                </span>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
