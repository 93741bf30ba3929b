import type { TOpenItem } from '@/lib/contract/portal';
import { KIND_LABEL } from '@/lib/domain/statement';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { DisputeItemButton } from './dispute-item-button';

const late = (i: TOpenItem) => i.daysPastDue > 0 && i.docType !== 'CREDIT_NOTE' && i.docType !== 'WRITE_OFF';

/** Open invoices (and unused credit notes) with what is still owed, days past due and ageing bucket. */
export function OpenItemsTable({
  items,
  money,
  label,
  showObligor = false,
  disputable = false,
}: {
  items: TOpenItem[];
  money: MoneyFormat;
  label: string;
  showObligor?: boolean;
  /** Offer "Dispute" on each open debt (the items open today). */
  disputable?: boolean;
}) {
  if (!items.length)
    return <p className="px-5 py-4 text-sm text-slate-500">Nothing open: the customer owes nothing.</p>;
  return (
    <DataTable label={label} testId="open-items" caption={`Amounts in ${money.currency}`}>
      <thead>
        <tr>
          <Th>Document</Th>
          {showObligor && <Th>Account</Th>}
          <Th>Issued</Th>
          <Th>Due</Th>
          <Th numeric>Amount</Th>
          <Th numeric>Outstanding</Th>
          <Th numeric>Days past due</Th>
          <Th>Ageing</Th>
          {disputable && <Th>Dispute</Th>}
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.sysInvoiceNum}>
            <Td>
              <span className="font-medium text-slate-900">{i.invoiceNum}</span>
              {i.docType !== 'INVOICE' && <span className="ml-2 text-xs text-slate-500">{KIND_LABEL[i.docType]}</span>}
            </Td>
            {showObligor && <Td className="text-slate-500">{i.sysObligorCode}</Td>}
            <Td>
              <Day iso={i.issueDate} />
            </Td>
            <Td>
              <Day iso={i.dueDate} />
            </Td>
            <Td numeric>
              <Money value={i.amount} format={money} bare />
            </Td>
            <Td numeric>
              <Money value={i.outstanding} format={money} bare />
            </Td>
            {/* An unused credit note is not late: it ages (as on the receivables page) but is shown neutral. */}
            <Td numeric className={late(i) ? 'text-rose-700' : 'text-slate-500'}>
              {late(i) ? i.daysPastDue : '-'}
            </Td>
            <Td>
              <span
                className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${i.docType === 'CREDIT_NOTE' ? 'bg-slate-50 text-slate-600 ring-slate-200' : late(i) ? 'bg-rose-50 text-rose-700 ring-rose-200' : 'bg-emerald-50 text-emerald-700 ring-emerald-200'}`}
              >
                {i.bucket}
              </span>
            </Td>
            {disputable && (
              <Td>
                {i.inDispute ? (
                  <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800 ring-1 ring-inset ring-amber-200">
                    In dispute
                  </span>
                ) : i.docType !== 'CREDIT_NOTE' && i.outstanding > 0 ? (
                  <DisputeItemButton item={i} />
                ) : null}
              </Td>
            )}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
