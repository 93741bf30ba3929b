import { ZodError } from 'zod';
import { API_ACCESS } from '@/lib/contract/access';
import type { TStatement } from '@/lib/contract/portal';
import { satisfies } from '@/lib/domain/access';
import { mayOpen } from '@/lib/domain/route-permissions';
import { pageGate } from '@/lib/backend/page-gate';
import { isNotFound } from '@/lib/backend/page-errors';
import { WarningBox } from '@/components/feedback/warning-box';
import { StatCard } from '@/components/receivables/stat-card';
import { ContactsSection } from '@/components/obligors/contacts-section';
import { CommunicationsSection } from '@/components/obligors/communications-section';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { DateInput } from '@/components/ui/date-input';
import { Pagination } from '@/components/ui/pagination';
import { formatCount } from '@/lib/domain/format';
import { OpenItemsTable } from './open-items-table';
import { StatementLinesTable } from './statement-lines-table';
import { UpiPayCard } from './upi-pay-card';
import { PayPanel } from './pay-panel';
import { PromisePanel } from './promise-panel';
import { RemittancesSection } from './remittances-section';
import { StatementInterestSection } from './statement-interest';

async function load(code: string, params: Record<string, string>): Promise<TStatement | string> {
  const { backend } = await pageGate();
  try {
    return await backend.portal.statement({
      query: {
        sysObligorCode: code,
        fromDate: params.fromDate,
        toDate: params.toDate,
        offset: params.offset,
        count: params.count,
        itemsOffset: params.itemsOffset,
        itemsCount: params.itemsCount,
      },
    });
  } catch (error) {
    if (error instanceof ZodError) return error.issues.map((i) => i.message).join('; ');
    if (isNotFound(error)) return 'No such customer, or not one of yours.';
    throw error;
  }
}

/**
 * The statement of account a service desk reads out: what is owed now, what is overdue, the credit
 * left, the open items with their ageing, then every document and payment of the period with the
 * running balance. `pathname` is where the period form submits (the page it sits on).
 */
export async function StatementView({
  code,
  params,
  pathname,
  hidden = {},
}: {
  code: string;
  params: Record<string, string>;
  pathname: string;
  hidden?: Record<string, string>;
}) {
  const { session, clientSettings } = await pageGate();
  const s = await load(code, params);
  if (typeof s === 'string') return <WarningBox kind="error" message={s} />;
  const money = await clientSettings();
  const download = `/api/customerportal/statement.xlsx?${new URLSearchParams({ sysObligorCode: code, fromDate: s.fromDate, toDate: s.toDate })}`;
  return (
    <div className="space-y-6" data-testid="statement">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 className="text-xl font-semibold text-slate-900" data-testid="statement-customer">
            {s.customer.name}
          </h3>
          <p className="text-sm text-slate-500">
            {s.customer.sysObligorCode}
            {s.customer.city ? ` · ${s.customer.city}` : ''} ·{' '}
            {s.customer.isParent ? 'Parent customer (whole family)' : 'Customer account'} ·{' '}
            <span className={s.customer.accountType === 'PREPAID' ? 'text-violet-700' : ''}>
              {s.customer.accountType === 'PREPAID' ? 'Prepaid' : 'Postpaid'}
            </span>
          </p>
        </div>
        <form action={pathname} className="flex flex-wrap items-end gap-2" aria-label="Statement period">
          {Object.entries(hidden).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <DateInput label="From" name="fromDate" defaultValue={s.fromDate} testId="statement-from" />
          <DateInput label="To" name="toDate" defaultValue={s.toDate} testId="statement-to" />
          <button
            type="submit"
            className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Show
          </button>
          <a
            href={download.replace('statement.xlsx', 'statement.pdf')}
            download
            className="h-9 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            data-testid="download-statement-pdf"
          >
            Download PDF
          </a>
          <a
            href={download}
            download
            className="h-9 rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            data-testid="download-statement"
          >
            Download XLSX
          </a>
        </form>
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          // With receipts not yet allocated the closing balance is the net balance (README glossary).
          label={s.unallocated === 0 ? 'Balance' : 'Net balance'}
          figure={
            <span data-testid="statement-balance">
              <Money value={s.closing} format={money} />
            </span>
          }
          secondary={
            s.unallocated === 0 ? (
              <>
                owed at the end of <Day iso={s.toDate} />
              </>
            ) : (
              <span data-testid="statement-unallocated">
                at the end of <Day iso={s.toDate} />, after <Money value={-s.unallocated} format={money} /> received on
                account, not yet allocated to bills
              </span>
            )
          }
        />
        <StatCard
          label="Overdue"
          figure={<Money value={s.overdue} format={money} />}
          secondary={s.closing > 0 ? `${Math.round((s.overdue / s.closing) * 100)}% of the balance` : 'nothing owed'}
        />
        <StatCard
          label="Credit limit"
          figure={s.creditLimit == null ? 'Not set' : <Money value={s.creditLimit} format={money} />}
          secondary={s.overLimit ? <span className="text-rose-700">Over the limit</span> : 'agreed for this account'}
        />
        <StatCard
          label="Available credit"
          figure={s.available == null ? '-' : <Money value={s.available} format={money} />}
          secondary={
            <>
              limit less today&apos;s exposure (<Money value={s.exposure} format={money} short />)
            </>
          }
        />
      </div>
      <UpiPayCard code={s.customer.sysObligorCode} amount={s.closing} />
      {/* The customer's own door: pick bills to pay, tell us what was paid (today's open items only). */}
      {session.customer && !params.toDate && (
        <PayPanel code={s.customer.sysObligorCode} items={s.openItems.rows} today={s.toDate} />
      )}
      {session.customer && !params.toDate && (
        <PromisePanel
          code={s.customer.sysObligorCode}
          isParent={s.customer.isParent}
          owed={s.closing}
          today={s.toDate}
        />
      )}
      <RemittancesSection code={s.customer.sysObligorCode} />
      {s.ageing.length > 0 && (
        <div className="flex flex-wrap gap-2 text-xs" aria-label="Ageing of the balance">
          {s.ageing.map((a) => (
            <span key={a.bucket} className="rounded-full bg-white px-3 py-1 ring-1 ring-slate-200">
              <span className="text-slate-500">{a.bucket}</span>{' '}
              <Money value={a.amount} format={money} short className="font-medium text-slate-900" />
            </span>
          ))}
        </div>
      )}
      <section id="open-items-section" className="scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm">
        <header className="border-b border-slate-100 px-5 py-3.5">
          <h3 className="text-sm font-semibold text-slate-900">
            Open items at <Day iso={s.toDate} />{' '}
            <span className="font-normal text-slate-500">({formatCount(s.openItems.total)})</span>
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Invoices not yet paid in full and unused credit notes, most overdue first. They add up to the balance.
          </p>
        </header>
        <OpenItemsTable
          items={s.openItems.rows}
          money={money}
          label="Open items"
          showObligor={s.customer.isParent}
          // Today's open items (no other end date asked for) may be disputed.
          disputable={!params.toDate}
        />
        {s.openItems.total > s.openItems.count && (
          <Pagination
            total={s.openItems.total}
            page={s.openItems.page}
            count={s.openItems.count}
            pathname={pathname}
            params={params}
            noun="open items"
            param="itemsOffset"
            label="Open items pages"
            anchor="open-items-section"
          />
        )}
      </section>
      {s.msmeInterest && (
        <StatementInterestSection interest={s.msmeInterest} money={money} showObligor={s.customer.isParent} />
      )}
      <section
        id="statement-lines-section"
        className="scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <header className="border-b border-slate-100 px-5 py-3.5">
          <h3 className="text-sm font-semibold text-slate-900">
            Statement <Day iso={s.fromDate} /> to <Day iso={s.toDate} />
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Invoices, debit and credit notes, payments and money received on account in date order with the running
            balance
            {s.lines.total > s.lines.count
              ? `, ${formatCount(s.lines.count)} lines a page: each page opens at the balance brought forward; the download holds every line`
              : ''}
            .
          </p>
        </header>
        <StatementLinesTable
          page={s.lines}
          opening={s.opening}
          closing={s.closing}
          fromDate={s.fromDate}
          toDate={s.toDate}
          money={money}
        />
        {s.lines.total > s.lines.count && (
          <Pagination
            total={s.lines.total}
            page={s.lines.page}
            count={s.lines.count}
            pathname={pathname}
            params={params}
            noun="lines"
            sizes={false}
            label="Statement pages"
            anchor="statement-lines-section"
          />
        )}
      </section>
      {/* Contacts and the collectors' notes are the supplier's: never shown to a customer user. */}
      {!session.customer && (
        <div className="grid gap-6 xl:grid-cols-2">
          <ContactsSection
            obligorCode={code}
            canManage={satisfies(session, API_ACCESS.manageContacts)}
            canOpen={mayOpen(session, '/borrowers/contacts')}
          />
          <CommunicationsSection
            obligorCode={code}
            money={money}
            canLog={satisfies(session, API_ACCESS.logCommunication)}
          />
        </div>
      )}
    </div>
  );
}
