import Link from 'next/link';
import { formatPercent } from '@/lib/domain/format';
import { bucketLabel } from './bucket-columns';
import { BucketPill } from './bucket-pill';
import { formatDay } from '@/components/ui/day';
import { DaysPastDue } from './days-past-due';
import { DocTypeBadge } from './doc-type-badge';
import { ExpectedPaymentNote, expectedByInstalment, type ExpectedDebtPayment } from './expected-payment';
import { Money } from '@/components/ui/money';
import type { TClientSettings } from '@/lib/contract/clients';
import type { TInvoiceDetail } from '@/lib/contract/receivables';
import { InstalmentsTable } from './instalments-table';
import { PaymentsTable } from './payments-table';
import { StatCard } from './stat-card';

/** One item: its facts, its ageing as of today, paid against outstanding, its expected payment, and its payments. */
export function InvoiceDetail({
  invoice,
  settings,
  expected,
}: {
  invoice: TInvoiceDetail;
  settings: TClientSettings;
  expected?: ExpectedDebtPayment;
}) {
  const money = { locale: settings.locale, currency: invoice.currency || settings.currency };
  const customer = invoice.sysObligorCode;
  const parent = invoice.parentSysObligorCode;
  const paidShare = invoice.amount === 0 ? 0 : Math.min(100, Math.max(0, (invoice.paid / invoice.amount) * 100));
  const settled = invoice.outstanding === 0;
  // A credit note (or any negative item) is money the customer may use, never a debt that is late.
  const credit = invoice.amount < 0;
  const facts: [string, React.ReactNode][] = [
    ['Invoice number', invoice.invoiceNum],
    ['Document number', invoice.docNum ?? '-'],
    ['System number', invoice.sysInvoiceNum],
    ['Document type', <DocTypeBadge key="type" docType={invoice.docType ?? 'INVOICE'} always className="" />],
    [
      'Customer',
      <Link
        key="customer"
        href={`/borrowers/invoices?sysObligorCode=${encodeURIComponent(customer)}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {invoice.obligorName} ({customer})
      </Link>,
    ],
    [
      'Parent customer',
      parent ? (
        <Link
          key="parent"
          href={`/borrowers/receivables?parentSysObligorCode=${encodeURIComponent(parent)}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {parent}
        </Link>
      ) : (
        '-'
      ),
    ],
    ...(invoice.againstSysInvoiceNum
      ? [
          [
            'Raised against',
            <Link
              key="against"
              href={`/borrowers/invoices/${encodeURIComponent(invoice.againstSysInvoiceNum)}`}
              className="font-medium text-brand-700 hover:underline"
              data-testid="note-against"
            >
              {invoice.againstSysInvoiceNum}
            </Link>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ['Issue date', formatDay(invoice.issueDate)],
    [
      'Due date',
      invoice.instalments.length
        ? `${formatDay(invoice.instalments.at(-1)!.dueDate)} (the last of ${invoice.instalments.length} instalments)`
        : invoice.dueDate
          ? formatDay(invoice.dueDate)
          : 'None (aged from the issue date)',
    ],
    ['Currency', money.currency],
    ['Status', settled ? `Settled${invoice.settledDate ? ` on ${formatDay(invoice.settledDate)}` : ''}` : 'Open'],
    ...(expected
      ? [
          ['Expected payment', <ExpectedPaymentNote key="expected" expected={expected} full />] as [
            string,
            React.ReactNode,
          ],
        ]
      : []),
  ];

  return (
    <div className="space-y-6" data-testid="invoice-detail">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Amount"
          testId="invoice-amount"
          figure={<Money value={invoice.amount} format={money} />}
          secondary={`Issued ${formatDay(invoice.issueDate)}`}
        />
        <StatCard
          label="Paid"
          testId="invoice-paid"
          figure={<Money value={invoice.paid} format={money} />}
          secondary={`${formatPercent(paidShare)} of the amount`}
        >
          <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <div className="h-full bg-emerald-500" style={{ width: `${paidShare}%` }} />
          </div>
        </StatCard>
        <StatCard
          label={credit ? 'Credit not yet used' : 'Outstanding'}
          testId="invoice-outstanding"
          figure={<Money value={credit ? -invoice.outstanding : invoice.outstanding} format={money} />}
          secondary={
            credit ? `Owed to the customer as of ${formatDay(invoice.date)}` : `As of ${formatDay(invoice.date)}`
          }
        />
        <StatCard
          label={credit ? 'Age' : 'Days past due'}
          testId="invoice-ageing"
          figure={
            settled || credit ? <span className="text-slate-400">-</span> : <DaysPastDue days={invoice.daysPastDue} />
          }
          secondary={
            credit ? (
              'A credit is never overdue: it is set off against invoices'
            ) : settled ? (
              'Settled: no longer aged'
            ) : (
              <span className="flex flex-col gap-1">
                <span className="flex items-center gap-1.5">
                  <BucketPill bucket={invoice.bucket} label={bucketLabel(settings.boundaries, invoice.bucket)} /> past
                  due date
                </span>
                <span>Invoice basis: {bucketLabel(settings.boundaries, invoice.invoiceBucket)} since issue</span>
              </span>
            )
          }
        />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-5">
        <section className="rounded-xl border border-slate-200 bg-white shadow-sm xl:col-span-2">
          <h3 className="border-b border-slate-100 px-5 py-3.5 text-sm font-semibold text-slate-900">Details</h3>
          <dl className="divide-y divide-slate-100 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="grid grid-cols-5 gap-4 px-5 py-2.5">
                <dt className="col-span-2 text-slate-500">{label}</dt>
                <dd className="col-span-3 text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section
          className="rounded-xl border border-slate-200 bg-white shadow-sm xl:col-span-3"
          data-testid="payments-section"
        >
          <header className="border-b border-slate-100 px-5 py-3.5">
            <h3 className="text-sm font-semibold text-slate-900">{credit ? 'Set off' : 'Payments'}</h3>
            <p className="mt-0.5 text-xs text-slate-500">
              {credit
                ? 'Amounts of this credit applied against invoices, oldest first'
                : 'Settlements received against this item, oldest first'}
            </p>
          </header>
          {invoice.payments.length === 0 ? (
            <p className="p-5 text-sm text-slate-500" data-testid="no-payments">
              {credit
                ? 'None of this credit has been applied yet.'
                : 'No payment has been received against this item yet.'}
            </p>
          ) : (
            <PaymentsTable
              payments={invoice.payments}
              amount={invoice.amount}
              money={money}
              appliedTo={invoice.againstSysInvoiceNum}
            />
          )}
        </section>
      </div>
      {invoice.instalments.length > 0 ? (
        <section className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="instalments-section">
          <header className="border-b border-slate-100 px-5 py-3.5">
            <h3 className="text-sm font-semibold text-slate-900">Instalments</h3>
            <p className="mt-0.5 text-xs text-slate-500">
              Each part is aged by its own due date; payments settle the oldest first. As of {formatDay(invoice.date)}.
            </p>
          </header>
          <InstalmentsTable
            instalments={invoice.instalments}
            money={money}
            {...(expected ? { expected: expectedByInstalment(expected) } : {})}
          />
        </section>
      ) : null}
    </div>
  );
}
