import Link from 'next/link';
import { ZodError } from 'zod';
import { DomainError, isNotFound } from '@/lib/backend/page-errors';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { StatCard } from '@/components/receivables/stat-card';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { Pagination } from '@/components/ui/pagination';
import { OpenItemsTable } from './open-items-table';
import { StatementLinesTable } from './statement-lines-table';
import { UpiPayCard } from './upi-pay-card';

/** A refusal the desk can act on: another account type (with the right link) or an unknown customer. */
async function guarded<T>(
  load: () => Promise<T>,
  code: string,
  other: 'postpaid' | 'prepaid',
): Promise<T | React.ReactNode> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') {
      return (
        <div className="space-y-3">
          <WarningBox kind="error" message={error.message} />
          <Link
            href={`/customerportal/${other}/${encodeURIComponent(code)}`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Open the {other} view
          </Link>
        </div>
      );
    }
    if (isNotFound(error)) return <WarningBox kind="error" message="No such customer, or not one of yours." />;
    if (error instanceof ZodError)
      return <WarningBox kind="error" message={error.issues.map((i) => i.message).join('; ')} />;
    throw error;
  }
}

/** Page links under a long list only. */
function Pager({
  page,
  pathname,
  params,
  noun,
}: {
  page: { page: number; count: number; total: number };
  pathname: string;
  params: Record<string, string>;
  noun: string;
}) {
  return page.total > page.count ? (
    <Pagination
      total={page.total}
      page={page.page}
      count={page.count}
      pathname={pathname}
      params={params}
      noun={noun}
      anchor="account-lines"
    />
  ) : null;
}

function Title({ name, code, city, kind }: { name: string; code: string; city: string | null; kind: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h3 className="text-xl font-semibold text-slate-900">{name}</h3>
        <p className="text-sm text-slate-500">
          {code}
          {city ? ` · ${city}` : ''} · {kind}
        </p>
      </div>
      <Link
        href={`/customerportal/${encodeURIComponent(code)}`}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        Full statement of account →
      </Link>
    </div>
  );
}

/** Billed on credit: what falls due when, what is overdue, and the credit still available. */
export async function PostpaidView({ code, params }: { code: string; params: Record<string, string> }) {
  const { backend, clientSettings } = await pageGate();
  const query = { sysObligorCode: code, offset: params.offset, count: params.count };
  const a = await guarded(() => backend.portal.postpaid({ query }), code, 'prepaid');
  if (!a || typeof a !== 'object' || !('items' in a)) return a as React.ReactNode;
  const money = await clientSettings();
  return (
    <div className="space-y-6" data-testid="postpaid-view">
      <Title
        name={a.customer.name}
        code={a.customer.sysObligorCode}
        city={a.customer.city}
        kind="Postpaid account: billed on credit"
      />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Outstanding"
          figure={<Money value={a.outstanding} format={money} />}
          secondary={
            <>
              at <Day iso={a.date} />
            </>
          }
        />
        <StatCard label="Overdue" figure={<Money value={a.overdue} format={money} />} secondary="past the due date" />
        <StatCard
          label={`Due in ${a.upcomingDays} days`}
          figure={<Money value={a.dueSoon} format={money} />}
          secondary="not yet due, falling due soon"
        />
        <StatCard
          label="Available credit"
          figure={a.available == null ? 'No limit set' : <Money value={a.available} format={money} />}
          secondary={
            a.creditLimit == null ? (
              'no credit limit agreed'
            ) : (
              <>
                of a <Money value={a.creditLimit} format={money} short /> limit{a.overLimit ? ' (over the limit)' : ''}
              </>
            )
          }
        />
      </div>
      <UpiPayCard code={a.customer.sysObligorCode} amount={a.outstanding} />
      <section id="account-lines" className="scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm">
        <header className="border-b border-slate-100 px-5 py-3.5">
          <h3 className="text-sm font-semibold text-slate-900">Bills by due date</h3>
          <p className="mt-0.5 text-xs text-slate-500">Open invoices in the order they fall due; overdue ones first.</p>
        </header>
        <OpenItemsTable
          items={a.items.rows}
          money={money}
          label="Bills by due date"
          showObligor={a.customer.isParent}
          disputable
        />
        <Pager
          page={a.items}
          pathname={`/customerportal/postpaid/${encodeURIComponent(code)}`}
          params={params}
          noun="open bills"
        />
      </section>
    </div>
  );
}

/** The advance account: top-ups in, invoices drawn from it, the balance left. */
export async function PrepaidView({ code, params }: { code: string; params: Record<string, string> }) {
  const { backend, clientSettings } = await pageGate();
  const query = { sysObligorCode: code, offset: params.offset, count: params.count };
  const a = await guarded(() => backend.portal.prepaid({ query }), code, 'postpaid');
  if (!a || typeof a !== 'object' || !('advance' in a)) return a as React.ReactNode;
  const money = await clientSettings();
  return (
    <div className="space-y-6" data-testid="prepaid-view">
      <Title
        name={a.customer.name}
        code={a.customer.sysObligorCode}
        city={a.customer.city}
        kind="Prepaid account: invoices drawn from an advance"
      />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Advance balance"
          figure={
            <span data-testid="advance-balance">
              <Money value={a.advance} format={money} />
            </span>
          }
          secondary={
            a.advance < 0 ? <span className="text-rose-700">Overdrawn: a top-up is due</span> : 'left to draw on'
          }
        />
        <StatCard
          label="Topped up"
          figure={<Money value={a.toppedUp} format={money} />}
          secondary={
            a.since ? (
              <>
                since <Day iso={a.since} />
              </>
            ) : (
              'no top-ups yet'
            )
          }
        />
        <StatCard
          label="Drawn by invoices"
          figure={<Money value={a.drawn} format={money} />}
          secondary="net of credit notes"
        />
        <StatCard
          label="Last top-up"
          figure={a.lastTopup ? <Money value={a.lastTopup.amount} format={money} /> : '-'}
          secondary={a.lastTopup ? <Day iso={a.lastTopup.date} /> : undefined}
        />
      </div>
      {/* A top-up: the amount is the overdrawn part when there is one, else the payer's choice. */}
      <UpiPayCard code={a.customer.sysObligorCode} amount={a.advance < 0 ? -a.advance : null} />
      <section id="account-lines" className="scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm">
        <header className="border-b border-slate-100 px-5 py-3.5">
          <h3 className="text-sm font-semibold text-slate-900">Advance account</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Top-ups add to the advance; invoices draw it down and credit notes give back. Balance after each line.
          </p>
        </header>
        <StatementLinesTable
          page={a.lines}
          closing={a.advance}
          toDate={a.date}
          money={money}
          label="Advance account"
          closingLabel="Advance balance today"
          debitLabel="Top-up / credit"
          creditLabel="Drawn"
        />
        <Pager
          page={a.lines}
          pathname={`/customerportal/prepaid/${encodeURIComponent(code)}`}
          params={params}
          noun="lines"
        />
      </section>
    </div>
  );
}
