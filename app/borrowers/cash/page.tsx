import Link from 'next/link';
import { ZBankLinesQuery } from '@/lib/contract/bank';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import type { BANK_LINE_STATUSES } from '@/lib/domain/cash-application';
import { CashLines } from '@/components/cash/cash-lines';
import { CashSettingsForm } from '@/components/cash/settings-form';
import { StatementUpload } from '@/components/cash/statement-upload';
import { WarningBox } from '@/components/feedback/warning-box';
import { formatDay } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ParamSelect } from '@/components/ui/param-select';

export const metadata = { title: 'Cash application | Client receivables dashboard' };

const PATH = '/borrowers/cash';

const STATUS_TABS: { status: (typeof BANK_LINE_STATUSES)[number] | ''; label: string }[] = [
  { status: 'SUGGESTED', label: 'Suggested' },
  { status: 'UNMATCHED', label: 'Unmatched' },
  { status: 'MATCHED', label: 'Applied' },
  { status: 'IGNORED', label: 'Ignored' },
  { status: 'RETURNED', label: 'Returned' },
  { status: '', label: 'All lines' },
];

/**
 * The cash application queue: bank statements in, their credits by status with the suggestions and
 * their evidence, confirm (one click or a split), bulk confirm, undo; the exports for the ERP.
 */
export default async function CashPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings } = await pageGate();
  const { currency, locale } = await clientSettings();
  const money = { currency, locale };
  const params = flattenParams(await searchParams);
  // "All lines" is status=ALL in the address; without a status the queue opens on the suggestions.
  const all = params.status === 'ALL';
  const parsed = ZBankLinesQuery.safeParse({ ...params, status: all ? undefined : (params.status ?? 'SUGGESTED') });
  const query = parsed.success ? parsed.data : ZBankLinesQuery.parse({ status: 'SUGGESTED' });
  const status = query.status;
  const [overview, lines, settings] = await Promise.all([
    backend.bank.overview({ query: { statementId: query.statementId } }),
    backend.bank.lines({ query: { ...query, status } }),
    backend.bank.settings(),
  ]);
  const { totals } = overview;
  const tabHref = (s: string) => {
    const next = new URLSearchParams();
    if (query.statementId) next.set('statementId', String(query.statementId));
    next.set('status', s || 'ALL');
    return `${PATH}?${next.toString()}`;
  };
  const current = all ? '' : (status ?? '');
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Cash application"
        description="Bank statements in, each credit matched to the invoices it pays: confirm a suggestion, split it across invoices, TDS, a small difference and on account, then export the receipts for the ERP. The ageing, worklist and reminders see an applied receipt at once."
        actions={
          <div className="flex flex-wrap gap-2">
            <a
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              href="/api/bank/receipts/export?format=tally"
            >
              Tally XML
            </a>
            <a
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              href="/api/bank/receipts/export?format=csv"
            >
              Receipts CSV
            </a>
            <a
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              href="/api/bank/tds.xlsx"
            >
              TDS receivable (Excel)
            </a>
          </div>
        }
      />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-3 text-base font-semibold text-slate-900">Upload a statement</h3>
        <StatementUpload />
      </section>
      <section aria-label="Totals" className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {[
          {
            label: 'Received',
            value: totals.received,
            count: totals.counts.MATCHED + totals.counts.SUGGESTED + totals.counts.UNMATCHED,
          },
          { label: 'Applied', value: totals.applied, count: totals.counts.MATCHED },
          { label: 'Suggested', value: totals.suggested, count: totals.counts.SUGGESTED },
          { label: 'Unmatched', value: totals.unmatched, count: totals.counts.UNMATCHED },
        ].map((t) => (
          <div
            key={t.label}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid={`total-${t.label.toLowerCase()}`}
          >
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t.label}</p>
            <p className="mt-1 text-xl font-semibold text-slate-900">
              <Money value={t.value} format={money} short />
            </p>
            <p className="text-xs text-slate-500">
              {t.count} credit{t.count === 1 ? '' : 's'}
            </p>
          </div>
        ))}
      </section>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-4 px-5 pt-5">
          <nav aria-label="Status" className="flex flex-wrap gap-1">
            {STATUS_TABS.map((t) => (
              <Link
                key={t.label}
                href={tabHref(t.status)}
                aria-current={current === t.status ? 'page' : undefined}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${current === t.status ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
              >
                {t.label}
                {t.status && <span className="ml-1 text-xs opacity-80">{totals.counts[t.status]}</span>}
              </Link>
            ))}
          </nav>
          <ParamSelect
            name="statementId"
            label="Statement"
            allLabel="Every statement"
            options={overview.statements.map((s) => ({
              value: String(s.id),
              label: `${s.account}: ${s.fileName} (${formatDay(s.fromDate)} to ${formatDay(s.toDate)})`,
            }))}
          />
        </div>
        <div className="py-4">
          {lines.rows.length === 0 ? (
            <div className="px-5">
              <WarningBox
                kind="empty"
                message={overview.statements.length ? 'No lines of this status.' : 'No statement uploaded yet.'}
              />
            </div>
          ) : (
            <>
              <CashLines lines={lines.rows} money={money} />
              <Pagination
                total={lines.total}
                page={query.offset}
                count={query.count}
                pathname={PATH}
                params={params}
                noun="lines"
              />
            </>
          )}
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-1 text-base font-semibold text-slate-900">Settings</h3>
        <p className="mb-3 text-sm text-slate-500">
          How far a small difference is written off, when a match is applied without a person, the GST rate assumed for
          an invoice without its taxable value, and the ledger names of the Tally export.
        </p>
        <CashSettingsForm settings={settings} />
      </section>
    </div>
  );
}
