import type { TPaymentPrediction } from '@/lib/contract/forecast';
import { formatDay } from '@/components/ui/day';

export type ExpectedPayment = Pick<TPaymentPrediction, 'basis' | 'date' | 'low' | 'high' | 'reason'>;

/** A debt's expected payment with, for an invoice in instalments, each open instalment's. */
export type ExpectedDebtPayment = ExpectedPayment & Pick<TPaymentPrediction, 'dueDate' | 'instalments'>;

/**
 * Each open instalment's expected payment by its due date: the debt's own when only one is open (the
 * debt is then that instalment).
 */
export function expectedByInstalment(expected: ExpectedDebtPayment | undefined): Record<string, ExpectedPayment> {
  if (!expected) return {};
  return expected.instalments
    ? Object.fromEntries(expected.instalments.map((p) => [p.dueDate, p]))
    : { [expected.dueDate]: expected };
}

/** The predictions of a customer by system invoice number, for the tables that show them beside each row. */
export const expectedBy = (predictions: readonly (ExpectedPayment & { sysInvoiceNum: string })[]) =>
  Object.fromEntries(predictions.map((p) => [p.sysInvoiceNum, p]));

/**
 * The day an open debt is expected to be paid, or why none is, with the reason below: cut to one line
 * in a table (whole on hover), whole with `full`.
 */
export function ExpectedPaymentNote({ expected, full }: { expected: ExpectedPayment | undefined; full?: boolean }) {
  if (!expected) return <span className="text-slate-400">-</span>;
  const label = expected.date ? formatDay(expected.date) : expected.basis === 'DISPUTED' ? 'Held back' : 'Not expected';
  const band =
    expected.low && expected.high && expected.low !== expected.high
      ? `Likely between ${formatDay(expected.low)} and ${formatDay(expected.high)}`
      : null;
  return (
    <span
      className={full ? 'block' : 'block max-w-44'}
      title={[expected.reason, band].filter(Boolean).join('. ')}
      data-testid="expected-payment"
      data-basis={expected.basis}
    >
      <span
        className={`whitespace-nowrap tabular-nums ${expected.date ? 'font-medium text-slate-900' : 'text-slate-500'}`}
      >
        {label}
      </span>
      <span className={`block text-xs text-slate-500 ${full ? '' : 'truncate'}`}>
        {full && band ? `${expected.reason}. ${band}.` : expected.reason}
      </span>
    </span>
  );
}
