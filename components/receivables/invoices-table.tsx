import Link from 'next/link';
import type { SortOrder } from '@/lib/client/url-state';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import { bucketLabel } from './bucket-columns';
import { BucketPill } from './bucket-pill';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { DaysPastDue } from './days-past-due';
import { DocTypeBadge } from './doc-type-badge';
import { ExpectedPaymentNote, type ExpectedPayment } from './expected-payment';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { SortableHeader } from './sortable-header';
import type { TOpenInvoiceRow } from '@/lib/contract/receivables';

/** What the table shows of an open item (the open-invoice list's row). */
type InvoiceListRow = Pick<
  TOpenInvoiceRow,
  | 'sysInvoiceNum'
  | 'invoiceNum'
  | 'docType'
  | 'sysObligorCode'
  | 'obligorName'
  | 'issueDate'
  | 'dueDate'
  | 'amount'
  | 'outstanding'
  | 'currency'
  | 'daysPastDue'
  | 'bucket'
> & { inDispute?: boolean; msme?: TOpenInvoiceRow['msme'] };

/**
 * Open invoices with what is still owed on each; each row opens the invoice. With `expected` (a
 * customer's predictions by system number), an "Expected payment" column says when each debt should be paid.
 */
export function InvoicesTable({
  rows,
  money,
  boundaries,
  sort,
  pathname,
  params,
  expected,
}: {
  rows: InvoiceListRow[];
  money: MoneyFormat;
  boundaries: AgeingBoundaries;
  sort: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
  expected?: Record<string, ExpectedPayment>;
}) {
  const header = { active: sort, pathname, params };
  // The MSMED column only where the client claims s16 interest (a micro or small supplier) on some
  // row; not on a customer's page (with `expected`), whose MSMED section lists the same per invoice.
  const msme = !expected && rows.some((r) => r.msme);
  return (
    <DataTable label="Open invoices" testId="invoices-table">
      <thead>
        <tr>
          <SortableHeader column="invoiceNum" label="Invoice no." firstOrder="ASC" {...header} />
          <SortableHeader column="obligorName" label="Customer" firstOrder="ASC" {...header} />
          {/* Beside the expected payment the due date is what counts: the issue date makes room. */}
          {!expected && <SortableHeader column="issueDate" label="Issue date" {...header} />}
          <SortableHeader column="dueDate" label="Due date" {...header} />
          <SortableHeader column="amount" label="Amount" numeric {...header} />
          <SortableHeader column="outstanding" label="Outstanding" numeric {...header} />
          <SortableHeader column="daysPastDue" label="Days past due" numeric {...header} />
          {/* On a customer's page the expected payment takes the bucket's place: the days past due say the same. */}
          {expected ? <Th>Expected payment</Th> : <Th>Bucket</Th>}
          {msme && (
            <Th numeric>
              <span title="MSMED Act s16: compound interest with monthly rests at 3 x the RBI Bank Rate from the day after the statutory due date (acceptance taken as the invoice date)">
                MSMED
                <br />
                interest
              </span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const format = { ...money, currency: row.currency || money.currency };
          return (
            <Tr
              key={row.sysInvoiceNum}
              data-testid="invoice-row"
              data-invoice={row.sysInvoiceNum}
              data-customer={row.sysObligorCode}
              data-amount={row.amount}
              data-outstanding={row.outstanding}
            >
              <Td className="whitespace-nowrap">
                <Link
                  href={`/borrowers/invoices/${encodeURIComponent(row.sysInvoiceNum)}`}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                  data-testid="invoice-link"
                >
                  {row.invoiceNum}
                </Link>
                <DocTypeBadge docType={row.docType} />
                {row.inDispute && (
                  <span
                    className="ml-2 rounded-full bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-200"
                    data-testid="in-dispute"
                    title="In an open dispute: reminders leave out the amount disputed until it is resolved"
                  >
                    In dispute
                  </span>
                )}
              </Td>
              <Td className="max-w-64">
                <span className="block truncate" title={row.obligorName}>
                  {row.obligorName}
                </span>
                <span className="text-xs text-slate-400">{row.sysObligorCode}</span>
              </Td>
              {!expected && (
                <Td>
                  <Day iso={row.issueDate} />
                </Td>
              )}
              <Td>
                <Day iso={row.dueDate} />
              </Td>
              <Td numeric>
                <Money value={row.amount} format={format} />
              </Td>
              <Td numeric className="font-medium text-slate-900">
                <Money value={row.outstanding} format={format} />
              </Td>
              <Td numeric>
                {row.amount < 0 ? (
                  // A credit is the customer's to use against its debts: it cannot be late.
                  <span className="text-slate-500" title="A credit to the customer, not a debt">
                    credit
                  </span>
                ) : (
                  <DaysPastDue days={row.daysPastDue} />
                )}
              </Td>
              <Td>
                {expected ? (
                  <ExpectedPaymentNote expected={expected[row.sysInvoiceNum]} />
                ) : (
                  <BucketPill bucket={row.bucket} label={bucketLabel(boundaries, row.bucket)} />
                )}
              </Td>
              {msme && (
                <Td numeric>
                  {row.msme ? (
                    <span data-testid="msme-interest">
                      <Money value={row.msme.interest} format={format} className="font-medium text-slate-900" />
                      {/* Two short lines, not one long one: the column stays narrow beside the others. */}
                      <span className="block text-xs text-slate-500">
                        due <Day iso={row.msme.statutoryDueDate} />
                      </span>
                      {row.msme.daysBeyond > 0 && (
                        <span className="block text-xs text-slate-500">{row.msme.daysBeyond} days beyond</span>
                      )}
                    </span>
                  ) : (
                    <span className="text-slate-400">–</span>
                  )}
                </Td>
              )}
            </Tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
