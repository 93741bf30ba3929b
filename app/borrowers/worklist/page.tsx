import { addDays, format, parseISO } from 'date-fns';
import { ZWorklistQuery } from '@/lib/contract/collections';
import type { TPromiseStatsRow } from '@/lib/contract/promises';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { API_ACCESS } from '@/lib/contract/access';
import { satisfies } from '@/lib/domain/access';
import { mayOpen } from '@/lib/domain/route-permissions';
import { WarningBox } from '@/components/feedback/warning-box';
import { WorklistTable } from '@/components/collections/worklist-table';
import { ChequesDueSection } from '@/components/collections/cheques-due-section';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ParamSelect } from '@/components/ui/param-select';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { UrlSearchBox } from '@/components/ui/url-search-box';

export const metadata = { title: 'Worklist | Client receivables dashboard' };

const PATH = '/borrowers/worklist';
/** The kept rate is read over the promises that fell due in this many days up to today. */
const KEPT_RATE_DAYS = 90;

export default async function WorklistPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { backend, session, clientSettings } = await pageGate();
  const scoped = session.role === 'guest' || session.role === 'representative';
  const { today, currency, locale } = await clientSettings();
  const since = format(addDays(parseISO(today), -KEPT_RATE_DAYS), 'yyyy-MM-dd');
  const [people, kept] = await Promise.all([
    scoped ? Promise.resolve([]) : backend.personnel.clientUsers(),
    backend.promises.stats({ query: { fromDate: since, toDate: today } }),
  ]);
  const collectors = people.filter((p) => p.role === 'guest');
  const invalid = checkLink(ZWorklistQuery, params);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Worklist"
        description="Every family with something overdue today, most pressing first: the amount and its age, risk, promises due or broken, and how long since anyone spoke to them. Work down the list."
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <UrlSearchBox
          param="search"
          id="worklist-search"
          label="Search"
          placeholder="Customer name or code"
          className="min-w-56"
        />
        {!scoped && (
          <ParamSelect
            name="collectorId"
            label="Collector"
            allLabel="All collectors"
            options={collectors.map((p) => ({ value: String(p.id), label: p.name }))}
          />
        )}
      </div>
      <KeptRates rows={kept} />
      <ChequesDueSection
        money={{ currency, locale }}
        today={today}
        canOpenCustomers={mayOpen(session, '/borrowers/obligors')}
      />
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {invalid ? (
          <div className="p-5">
            <InvalidLink message={invalid} resetHref={PATH} />
          </div>
        ) : (
          <Worklist params={params} />
        )}
      </section>
      <p className="mt-3 text-xs text-slate-500">
        Priority (0-100): overdue amount up to 35 points, age of the oldest overdue up to 25, risk rating up to 10,
        promises broken in the last 90 days up to 10, a promise due today 10, days without contact up to 10. A family
        waiting on a promise, or whose overdue is all in dispute, counts half. Money received on account and not yet
        allocated to bills is deducted from the overdue (shown as &ldquo;on account&rdquo;); a family it covers is not
        listed.
      </p>
    </div>
  );
}

async function Worklist({ params }: { params: Record<string, string> }) {
  const { backend, clientSettings, session } = await pageGate();
  const [settings, payment] = await Promise.all([clientSettings(), backend.dunning.paymentDetails()]);
  let page: {
    offset: number;
    count: number;
    rows: Awaited<ReturnType<typeof backend.collections.worklist>>['rows'];
    total: number;
  };
  try {
    const query = ZWorklistQuery.parse(params);
    const { rows, total } = await backend.collections.worklist({ query: params });
    page = { offset: query.offset, count: query.count, rows, total };
  } catch (error) {
    console.error('Error fetching the worklist', error);
    return (
      <div className="p-5">
        <WarningBox kind="error" />
      </div>
    );
  }
  if (page.rows.length === 0)
    return (
      <div className="p-5">
        <WarningBox kind="empty" />
      </div>
    );
  return (
    <>
      <WorklistTable
        rows={page.rows}
        money={settings}
        clientName={settings.name}
        clientCode={settings.code}
        upiVpa={payment.upiVpa}
        upiLimit={payment.upiLimit}
        today={settings.today}
        canOpenCustomers={mayOpen(session, '/borrowers/obligors')}
        canSend={satisfies(session, API_ACCESS.sendReminders)}
      />
      <Pagination
        total={page.total}
        page={page.offset}
        count={page.count}
        pathname={PATH}
        params={params}
        noun="families"
      />
    </>
  );
}

/** Each collector's promises that fell due in the last 90 days: how many were kept in full. */
function KeptRates({ rows }: { rows: TPromiseStatsRow[] }) {
  const due = rows.filter((r) => r.keptRate !== null);
  if (!due.length) return null;
  return (
    <section
      aria-label="Promises kept"
      className="mb-4 rounded-xl border border-slate-200 bg-white px-5 py-3 shadow-sm"
    >
      <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">
        Promises kept, last {KEPT_RATE_DAYS} days (by who took them)
      </h3>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {due.map((r) => (
          <li key={r.userId ?? 0} data-testid="kept-rate">
            <span className="text-slate-700">{r.userName ?? 'Imported'}</span>{' '}
            <span className="font-semibold tabular-nums text-slate-900">{Math.round((r.keptRate ?? 0) * 100)}%</span>{' '}
            <span className="text-xs text-slate-500">
              ({r.kept} kept, {r.partial} part, {r.broken} broken{r.open ? `, ${r.open} open` : ''})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
