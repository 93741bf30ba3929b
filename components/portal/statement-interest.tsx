import type { TStatementInterest } from '@/lib/contract/msme';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';

/**
 * The MSMED s16 interest a statement states at its end date (the client's "add interest to
 * statements"): each late debt and the total claimable, beside the balance and not in it.
 */
export function StatementInterestSection({
  interest,
  money,
  showObligor,
}: {
  interest: TStatementInterest;
  money: MoneyFormat;
  showObligor: boolean;
}) {
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="statement-interest"
      aria-label="Interest on late payment"
    >
      <header className="flex items-start justify-between gap-6 border-b border-slate-100 px-5 py-3.5">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-slate-900">
            Interest on late payment to <Day iso={interest.date} />
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">
            MSMED Act 2006 s16: compound interest with monthly rests at three times the RBI Bank Rate, from the day
            after the statutory due date (acceptance taken as the invoice date). Not included in the balance.
          </p>
        </div>
        <p className="shrink-0 text-right text-xs text-slate-500">
          Interest claimable
          <Money value={interest.total} format={money} className="block text-base font-semibold text-slate-900" />
        </p>
      </header>
      {interest.lines.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500">
          No invoice was paid, or is owed, past its statutory due date.
        </p>
      ) : (
        <DataTable label="Interest on late payment" testId="statement-interest-lines">
          <thead>
            <tr>
              <Th>Invoice</Th>
              {showObligor && <Th>Account</Th>}
              <Th>Statutory due</Th>
              <Th numeric>Days beyond</Th>
              <Th numeric>Principal owed</Th>
              <Th numeric>Interest</Th>
            </tr>
          </thead>
          <tbody>
            {interest.lines.map((l) => (
              <Tr key={l.sysInvoiceNum} data-testid="statement-interest-line" data-invoice={l.sysInvoiceNum}>
                <Td className="font-medium text-slate-900">{l.invoiceNum}</Td>
                {showObligor && <Td>{l.sysObligorCode}</Td>}
                <Td>
                  <Day iso={l.statutoryDueDate} />
                </Td>
                <Td numeric>{l.daysBeyond}</Td>
                <Td numeric>
                  <Money value={l.principalOutstanding} format={money} />
                </Td>
                <Td numeric className="font-medium text-slate-900">
                  <Money value={l.interest} format={money} />
                </Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
