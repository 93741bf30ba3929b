import Link from 'next/link';
import type { Backend } from '@/lib/backend';
import { formatPercent } from '@/lib/domain/format';
import { bucketLabel } from './bucket-columns';
import { BucketPill } from './bucket-pill';
import { formatDay } from '@/components/ui/day';
import { DaysPastDue } from './days-past-due';
import { DocTypeBadge } from './doc-type-badge';
import { Money } from '@/components/ui/money';
import type { ClientSettings } from './page-backend';
import { PaymentsTable } from './payments-table';
import { StatCard } from './stat-card';
import { WarningBox } from '@/components/feedback/warning-box';

export type InvoiceRecord = Awaited<ReturnType<Backend['invoice']>>;

const text = (value: unknown): string | null => (value == null ? null : String(value));

/** One item: its facts, its ageing as of today, paid against outstanding, and its payments. */
export function InvoiceDetail({ invoice, settings }: { invoice: InvoiceRecord; settings: ClientSettings }) {
  const header = invoice;
  const money = { ...settings.money, currency: text(header.currency) ?? settings.money.currency };
  const customer = text(header.sysObligorCode)!;
  const parent = text(header.parentSysObligorCode);
  const paidShare = invoice.amount === 0 ? 0 : Math.min(100, Math.max(0, (invoice.paid / invoice.amount) * 100));
  const settled = invoice.outstanding === 0;
  const facts: [string, React.ReactNode][] = [
    ['Invoice number', text(header.invoiceNum)],
    ['Document number', text(header.docNum) ?? '-'],
    ['System number', text(header.sysInvoiceNum)],
    ['Document type', <DocTypeBadge key="type" docType={text(header.docType) ?? 'INVOICE'} always className="" />],
    ['Customer', <Link key="customer" href={`/borrowers/invoices?sysObligorCode=${encodeURIComponent(customer)}`} className="font-medium text-brand-700 hover:underline">{text(header.obligorName)} ({customer})</Link>],
    ['Parent customer', parent ? <Link key="parent" href={`/borrowers/receivables?parentSysObligorCode=${encodeURIComponent(parent)}`} className="font-medium text-brand-700 hover:underline">{parent}</Link> : '-'],
    ['Issue date', formatDay(text(header.issueDate))],
    ['Due date', header.dueDate ? formatDay(text(header.dueDate)) : 'None (aged from the issue date)'],
    ['Currency', money.currency],
    ['Status', settled ? `Settled${header.settledDate ? ` on ${formatDay(text(header.settledDate))}` : ''}` : 'Open'],
  ];

  return (
    <div className="space-y-6" data-testid="invoice-detail">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Amount" testId="invoice-amount" figure={<Money value={invoice.amount} format={money} />} secondary={`Issued ${formatDay(text(header.issueDate))}`} />
        <StatCard label="Paid" testId="invoice-paid" figure={<Money value={invoice.paid} format={money} />} secondary={`${formatPercent(paidShare)} of the amount`}>
          <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden><div className="h-full bg-emerald-500" style={{ width: `${paidShare}%` }} /></div>
        </StatCard>
        <StatCard label="Outstanding" testId="invoice-outstanding" figure={<Money value={invoice.outstanding} format={money} />} secondary={`As of ${formatDay(invoice.date)}`} />
        <StatCard label="Days past due" testId="invoice-ageing"
          figure={settled ? <span className="text-slate-400">-</span> : <DaysPastDue days={invoice.daysPastDue} />}
          secondary={settled ? 'Settled: no longer aged' : (
            <span className="flex flex-col gap-1">
              <span className="flex items-center gap-1.5">
                <BucketPill bucket={invoice.bucket} label={bucketLabel(settings.boundaries, invoice.bucket)} /> past due date
              </span>
              <span>Invoice basis: {bucketLabel(settings.boundaries, invoice.invoiceBucket)} since issue</span>
            </span>
          )} />
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
        <section className="rounded-xl border border-slate-200 bg-white shadow-sm xl:col-span-3" data-testid="payments-section">
          <header className="border-b border-slate-100 px-5 py-3.5">
            <h3 className="text-sm font-semibold text-slate-900">Payments</h3>
            <p className="mt-0.5 text-xs text-slate-500">Settlements received against this item, oldest first</p>
          </header>
          {invoice.payments.length === 0
            ? <div className="p-5"><WarningBox kind="empty" /></div>
            : <PaymentsTable payments={invoice.payments} amount={invoice.amount} money={money} />}
        </section>
      </div>
    </div>
  );
}
