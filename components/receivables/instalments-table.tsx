import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import type { TInvoiceDetail } from '@/lib/contract/receivables';
import { DaysPastDue } from './days-past-due';
import { ExpectedPaymentNote, type ExpectedPayment } from './expected-payment';

/**
 * An invoice's payment schedule: each instalment, what it still holds at the date, how late it is,
 * and (given the predictions) when each open one is expected to be paid.
 */
export function InstalmentsTable({
  instalments,
  money,
  expected,
}: {
  instalments: TInvoiceDetail['instalments'];
  money: MoneyFormat;
  /** Open instalments' expected payments by due date. */
  expected?: Record<string, ExpectedPayment>;
}) {
  return (
    <DataTable label="Instalments" testId="instalments-table">
      <thead>
        <tr>
          <Th>Due date</Th>
          <Th numeric>Instalment</Th>
          <Th numeric>Still owed</Th>
          <Th numeric>Days past due</Th>
          {expected ? <Th>Expected payment</Th> : null}
        </tr>
      </thead>
      <tbody>
        {instalments.map((row) => (
          <Tr key={row.dueDate} data-testid="instalment-row" data-value={row.outstanding}>
            <Td>
              <Day iso={row.dueDate} />
            </Td>
            <Td numeric>
              <Money value={row.amount} format={money} />
            </Td>
            <Td numeric className={row.outstanding === 0 ? 'text-slate-400' : 'font-medium'}>
              <Money value={row.outstanding} format={money} />
            </Td>
            <Td numeric>
              {row.outstanding === 0 ? (
                <span className="text-slate-400">paid</span>
              ) : (
                <DaysPastDue days={row.daysPastDue} />
              )}
            </Td>
            {expected ? (
              <Td>{row.outstanding === 0 ? null : <ExpectedPaymentNote expected={expected[row.dueDate]} />}</Td>
            ) : null}
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
