import type { TStatementLine, TStatementPage } from '@/lib/contract/portal';
import { KIND_LABEL } from '@/lib/domain/statement';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';

function BalanceRow({
  day,
  label,
  value,
  format,
  strong = false,
  testId,
}: {
  day?: string;
  label: string;
  value: number;
  format: MoneyFormat;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <tr className="bg-slate-50/60">
      <Td>
        <Day iso={day} />
      </Td>
      <Td className={strong ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'} colSpan={5}>
        {label}
      </Td>
      <Td numeric className={strong ? 'font-semibold' : 'font-medium'} data-testid={testId}>
        <Money value={value} format={format} bare />
      </Td>
    </tr>
  );
}

/**
 * Ledger lines as a printed statement, a page at a time: the first page opens at the opening
 * balance, a later one at the balance brought forward; a page before the last closes at the balance
 * carried forward, the last at the closing balance. Debit and credit columns, balance after each line.
 */
export function StatementLinesTable({
  page,
  opening,
  closing,
  fromDate,
  toDate,
  money: format,
  label = 'Statement lines',
  openingLabel = 'Opening balance',
  closingLabel = 'Closing balance',
  debitLabel = 'Debit',
  creditLabel = 'Credit',
}: {
  page: TStatementPage;
  opening?: number;
  closing: number;
  fromDate?: string;
  toDate: string;
  money: MoneyFormat;
  label?: string;
  openingLabel?: string;
  closingLabel?: string;
  debitLabel?: string;
  creditLabel?: string;
}) {
  const lines: TStatementLine[] = page.rows;
  const last = page.page * page.count >= page.total;
  return (
    <DataTable label={label} testId="statement-lines" caption={`Amounts in ${format.currency}`}>
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Type</Th>
          <Th>Reference</Th>
          <Th>Against / due</Th>
          <Th numeric>{debitLabel}</Th>
          <Th numeric>{creditLabel}</Th>
          <Th numeric>Balance</Th>
        </tr>
      </thead>
      <tbody>
        {page.page === 1 ? (
          opening !== undefined && <BalanceRow day={fromDate} label={openingLabel} value={opening} format={format} />
        ) : (
          <BalanceRow
            day={lines[0]?.date}
            label="Brought forward"
            value={page.broughtForward}
            format={format}
            testId="brought-forward"
          />
        )}
        {lines.map((l, i) => (
          <tr key={`${l.kind}-${l.reference}-${i}`}>
            <Td>
              <Day iso={l.date} />
            </Td>
            <Td
              className={
                l.kind === 'PAYMENT' || l.kind === 'RECEIPT' || l.kind === 'TOPUP'
                  ? 'text-emerald-700'
                  : l.kind === 'CREDIT_NOTE' || l.kind === 'WRITE_OFF'
                    ? 'text-violet-700'
                    : 'text-slate-700'
              }
            >
              {KIND_LABEL[l.kind]}
            </Td>
            <Td className="font-medium text-slate-900">{l.reference}</Td>
            <Td className="text-slate-500">
              {l.against ??
                (l.dueDate ? (
                  <>
                    due <Day iso={l.dueDate} />
                  </>
                ) : (
                  ''
                ))}
            </Td>
            <Td numeric>{l.debit ? <Money value={l.debit} format={format} bare /> : ''}</Td>
            <Td numeric>{l.credit ? <Money value={l.credit} format={format} bare /> : ''}</Td>
            <Td numeric>
              <Money value={l.balance} format={format} bare />
            </Td>
          </tr>
        ))}
        {!page.total && (
          <tr>
            <Td colSpan={7} className="text-slate-500">
              No documents or payments in this period.
            </Td>
          </tr>
        )}
        {last ? (
          <BalanceRow
            day={toDate}
            label={closingLabel}
            value={closing}
            format={format}
            strong
            testId="closing-balance"
          />
        ) : (
          <BalanceRow
            day={lines.at(-1)?.date}
            label="Carried forward"
            value={page.carriedForward}
            format={format}
            strong
            testId="carried-forward"
          />
        )}
      </tbody>
    </DataTable>
  );
}
