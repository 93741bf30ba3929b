import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import type { TInvoiceDetail } from '@/lib/contract/receivables';

type Payment = TInvoiceDetail['payments'][number];

/** What each kind of settlement is called beside its reference. */
const SOURCE_LABEL: Record<Payment['source'], string | null> = {
  PAYMENT: null,
  ALLOCATION: 'Receipt on account, allocated',
  NOTE: 'Note against this invoice',
  WRITE_OFF: 'Bad debt written off',
};

/**
 * The settlements of one item in date order, with what was still owed after each. `appliedTo`: the
 * invoice a note is raised against (its one settlement is its application there).
 */
export function PaymentsTable({
  payments,
  amount,
  money,
  appliedTo,
}: {
  payments: Payment[];
  amount: number;
  money: MoneyFormat;
  appliedTo: string | null;
}) {
  const amountPaise = Math.round(amount * 100);
  // Running sums in paise, so a long list of part payments does not drift by floating-point cents.
  const paidPaiseAfter = payments.map((_, i) =>
    payments.slice(0, i + 1).reduce((sum, payment) => sum + Math.round(payment.amount * 100), 0),
  );
  const paidPaise = paidPaiseAfter.at(-1) ?? 0;
  const owedPaise = amountPaise - paidPaise;
  const rows = payments.map((payment, i) => ({
    ...payment,
    owedAfter: (amountPaise - (paidPaiseAfter[i] ?? 0)) / 100,
  }));
  const paid = paidPaise / 100;
  return (
    <DataTable label="Payments" testId="payments-table">
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Reference</Th>
          <Th numeric>Amount paid</Th>
          <Th numeric>Still owed after</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <Tr key={`${row.paymentRef ?? 'payment'}-${i}`} data-testid="payment-row" data-value={row.amount}>
            <Td>
              <Day iso={row.paidDate} />
            </Td>
            <Td className="text-slate-500">
              {row.paymentRef ?? '-'}
              {appliedTo || SOURCE_LABEL[row.source] ? (
                <span className="ml-2 text-xs text-slate-400" data-testid="payment-source">
                  {appliedTo ? 'Applied to this invoice' : SOURCE_LABEL[row.source]}
                </span>
              ) : null}
            </Td>
            <Td numeric className="font-medium text-emerald-700">
              <Money value={row.amount} format={money} />
            </Td>
            <Td numeric>
              <Money value={row.owedAfter} format={money} />
            </Td>
          </Tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="bg-slate-50/80 font-semibold text-slate-900">
          <Td
            className="border-b-0 border-t border-slate-200 text-xs uppercase tracking-wide text-slate-600"
            colSpan={2}
          >
            Total paid
          </Td>
          <Td numeric className="border-b-0 border-t border-slate-200" data-testid="payments-total">
            <Money value={paid} format={money} />
          </Td>
          <Td numeric className="border-b-0 border-t border-slate-200">
            <Money value={owedPaise / 100} format={money} />
          </Td>
        </tr>
      </tfoot>
    </DataTable>
  );
}
