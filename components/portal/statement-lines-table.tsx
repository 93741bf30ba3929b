import type { StatementLine } from '@/lib/domain/statement';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';

export const KIND_LABEL = { INVOICE: 'Invoice', DEBIT_NOTE: 'Debit note', CREDIT_NOTE: 'Credit note', PAYMENT: 'Payment', TOPUP: 'Top-up' } as const;

/** Ledger lines as a printed statement: opening row, debit and credit columns, balance after each line, closing row. */
export function StatementLinesTable({ lines, opening, closing, fromDate, toDate, money, label = 'Statement lines', openingLabel = 'Opening balance', closingLabel = 'Closing balance', debitLabel = 'Debit', creditLabel = 'Credit' }: {
  lines: StatementLine[]; opening?: number; closing: number; fromDate?: string; toDate: string; money: MoneyFormat;
  label?: string; openingLabel?: string; closingLabel?: string; debitLabel?: string; creditLabel?: string;
}) {
  return (
    <DataTable label={label} testId="statement-lines" caption={`Amounts in ${money.currency}`}>
      <thead>
        <tr><Th>Date</Th><Th>Type</Th><Th>Reference</Th><Th>Against / due</Th><Th numeric>{debitLabel}</Th><Th numeric>{creditLabel}</Th><Th numeric>Balance</Th></tr>
      </thead>
      <tbody>
        {opening !== undefined && (
          <tr className="bg-slate-50/60">
            <Td><Day iso={fromDate} /></Td><Td className="font-medium text-slate-700" colSpan={5}>{openingLabel}</Td>
            <Td numeric className="font-medium"><Money value={opening} format={money} bare /></Td>
          </tr>
        )}
        {lines.map((l, i) => (
          <tr key={`${l.kind}-${l.reference}-${i}`}>
            <Td><Day iso={l.date} /></Td>
            <Td className={l.kind === 'PAYMENT' || l.kind === 'TOPUP' ? 'text-emerald-700' : l.kind === 'CREDIT_NOTE' ? 'text-violet-700' : 'text-slate-700'}>{KIND_LABEL[l.kind]}</Td>
            <Td className="font-medium text-slate-900">{l.reference}</Td>
            <Td className="text-slate-500">{l.against ?? (l.dueDate ? <>due <Day iso={l.dueDate} /></> : '')}</Td>
            <Td numeric>{l.debit ? <Money value={l.debit} format={money} bare /> : ''}</Td>
            <Td numeric>{l.credit ? <Money value={l.credit} format={money} bare /> : ''}</Td>
            <Td numeric><Money value={l.balance} format={money} bare /></Td>
          </tr>
        ))}
        {!lines.length && <tr><Td colSpan={7} className="text-slate-500">No documents or payments in this period.</Td></tr>}
        <tr className="bg-slate-50/60">
          <Td><Day iso={toDate} /></Td><Td className="font-semibold text-slate-900" colSpan={5}>{closingLabel}</Td>
          <Td numeric className="font-semibold" data-testid="closing-balance"><Money value={closing} format={money} bare /></Td>
        </tr>
      </tbody>
    </DataTable>
  );
}
