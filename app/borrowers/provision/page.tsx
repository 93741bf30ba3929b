import { flattenParams, hrefWith, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { API_ACCESS } from '@/lib/contract/access';
import { ZProvisionQuery, type TProvision } from '@/lib/contract/provision';
import { DomainError } from '@/lib/server/domain-errors';
import { formatPercent } from '@/lib/domain/format';
import { WarningBox } from '@/components/feedback/warning-box';
import { AdjustmentForm } from '@/components/provision/adjustment-form';
import { ProvisionControls } from '@/components/provision/provision-controls';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { PageHeader } from '@/components/ui/page-header';

export const metadata = { title: 'Provision for expected credit losses | Client receivables dashboard' };

const PATH = '/borrowers/provision';
const pct = (rate: number) => formatPercent(rate * 100, 2);
const day = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The CFO's close: the Ind AS 109 provision matrix from the ageing history, per segment, with the
 * forward-looking adjustment, the allowance, its movement since the last quarter end and the journal.
 */
export default async function ProvisionPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings } = await pageGate(API_ACCESS.viewProvision);
  const { currency, locale, today, dimensionNames } = await clientSettings();
  const money: MoneyFormat = { currency, locale };
  const params = flattenParams(await searchParams);
  const segments = (['dim1', 'dim2', 'dim3'] as const)
    .filter((d) => dimensionNames[d])
    .map((d): { value: string; label: string } => ({ value: d, label: `By ${dimensionNames[d]}` }))
    .concat({ value: 'RATING', label: 'By risk rating' });
  const invalid = checkLink(ZProvisionQuery, params);
  let body;
  let matrix: TProvision | null = null;
  if (invalid) body = <InvalidLink message={invalid} resetHref={PATH} />;
  else {
    try {
      matrix = await backend.provision.matrix({ query: params });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
      body = <WarningBox kind="empty" message={error.message} />;
    }
  }
  if (matrix) body = <Matrix matrix={matrix} money={money} />;
  const workbook = hrefWith('/api/provision/workbook.xlsx', params, {});
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Provision for expected credit losses"
        description="Ind AS 109 provision matrix: loss rates per ageing bucket from your own history, adjusted for what you expect, times the balances of the day. For the quarter's close."
        actions={
          matrix && (
            <a
              href={workbook}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Download workbook
            </a>
          )
        }
      />
      <ProvisionControls date={matrix?.date ?? params.date ?? today} segments={segments} />
      {body}
    </div>
  );
}

function Matrix({ matrix, money }: { matrix: TProvision; money: MoneyFormat }) {
  const movement = matrix.allowance - matrix.previousAllowance;
  const coverage = matrix.balance > 0 ? matrix.allowance / matrix.balance : 0;
  const method =
    matrix.method === 'ROLL_RATE'
      ? 'roll rates: the share of each bucket found in the next a month later, chained down to write-off'
      : 'the share of each bucket’s month-end balance written off later';
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-4" data-testid="provision-summary">
        <Figure label={`Allowance at ${day(matrix.date)}`}>
          <Money value={matrix.allowance} format={money} short />
        </Figure>
        <Figure label="Receivables provided for">
          <Money value={matrix.balance} format={money} short />
          <span className="ml-2 text-sm font-normal text-slate-500">{pct(coverage)} covered</span>
        </Figure>
        <Figure label={`Allowance at ${day(matrix.previousDate)}`}>
          <Money value={matrix.previousAllowance} format={money} short />
        </Figure>
        <Figure label="Movement in the quarter">
          <span className={movement > 0 ? 'text-rose-700' : 'text-emerald-700'}>
            {movement > 0 ? '+' : ''}
            <Money value={movement} format={money} short />
          </span>
        </Figure>
      </dl>
      <p className="text-sm text-slate-500">
        Rates from {matrix.monthEnds.length} month ends, {day(matrix.monthEnds[0]!)} to {day(matrix.monthEnds.at(-1)!)},
        by {method}. Write-offs are credit notes raised against an invoice over the last ageing boundary. Hover a rate
        for its working; the workbook has every month end.
      </p>
      {matrix.writtenOff === 0 && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          No write-off in the month ends read, so every historical loss rate is 0%. A write-off is a credit note raised
          against an invoice more than the last ageing boundary past due; choose a longer history, or make the provision
          from your own estimate of losses.
        </p>
      )}
      {matrix.segments.length === 0 && <WarningBox kind="empty" message="No receivables at this date." />}
      {matrix.segments.map((s) => (
        <section
          key={s.key}
          className="rounded-xl border border-slate-200 bg-white shadow-sm"
          aria-label={`Provision matrix: ${s.segment}`}
        >
          <h3 className="px-5 pt-5 text-base font-semibold text-slate-900">{s.segment}</h3>
          <DataTable label={`Provision matrix of ${s.segment}`} testId="provision-matrix">
            <thead>
              <tr>
                <Th>Days past due</Th>
                <Th className="text-right">Balance</Th>
                <Th className="text-right">Historical loss rate</Th>
                <Th className="text-right">Adjustment</Th>
                <Th className="text-right">Rate applied</Th>
                <Th className="text-right">Allowance</Th>
              </tr>
            </thead>
            <tbody>
              {s.buckets.map((b) => (
                <Tr key={b.bucket}>
                  <Td className="font-medium text-slate-900">{b.bucket}</Td>
                  <Td className="text-right">
                    <Money value={b.balance} format={money} />
                  </Td>
                  <Td
                    className="text-right tabular-nums"
                    title={`${matrix.method === 'ROLL_RATE' ? 'Roll rate' : 'Written off later'}: ${b.working.numerator.toLocaleString('en-IN')} / ${b.working.denominator.toLocaleString('en-IN')} = ${pct(b.working.rate)}`}
                  >
                    {pct(b.lossRate)}
                  </Td>
                  <Td className="text-right tabular-nums text-slate-500">
                    {b.adjustment === 0 ? '—' : `${b.adjustment > 0 ? '+' : ''}${pct(b.adjustment)}`}
                  </Td>
                  <Td className="text-right tabular-nums">{pct(b.lossRate + b.adjustment)}</Td>
                  <Td className="text-right font-medium">
                    <Money value={b.allowance} format={money} />
                  </Td>
                </Tr>
              ))}
              <Tr>
                <Td className="font-semibold text-slate-900">Total</Td>
                <Td className="text-right font-semibold">
                  <Money value={s.balance} format={money} />
                </Td>
                <Td />
                <Td />
                <Td className="text-right tabular-nums text-slate-500">
                  {s.balance > 0 ? pct(s.allowance / s.balance) : ''}
                </Td>
                <Td className="text-right font-semibold">
                  <Money value={s.allowance} format={money} />
                </Td>
              </Tr>
            </tbody>
          </DataTable>
          <div className="border-t border-slate-100 px-5 py-4">
            <AdjustmentForm
              segmentBy={matrix.segmentBy}
              segmentKey={s.key}
              segment={s.segment}
              adjustment={s.adjustment}
            />
          </div>
        </section>
      ))}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-2 text-base font-semibold text-slate-900">Journal entry</h3>
        <p className="font-mono text-sm text-slate-700" data-testid="provision-journal">
          {matrix.journal}
        </p>
      </section>
    </>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
