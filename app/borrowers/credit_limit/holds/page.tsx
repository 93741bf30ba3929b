import Link from 'next/link';
import { flattenParams, hrefWith, type SearchParams } from '@/lib/client/url-state';
import { API_ACCESS } from '@/lib/contract/access';
import { ZCreditHoldsQuery } from '@/lib/contract/credit-holds';
import { satisfies } from '@/lib/domain/access';
import { mayOpen } from '@/lib/domain/route-permissions';
import { CUSTOMERS_PATH } from '@/components/obligors/customer-params';
import { HOLD_PROMISE_DAYS } from '@/lib/domain/credit-holds';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { CreditHoldsTable } from '@/components/credit-limit/credit-holds-table';
import { HoldRulesForm } from '@/components/credit-limit/hold-rules-form';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';

export const metadata = { title: 'Credit holds | Client receivables dashboard' };

const PATH = '/borrowers/credit_limit/holds';
const TABS = [
  ['ALL', 'All'],
  ['ON_HOLD', 'On hold'],
  ['RELEASED', 'Released'],
] as const;

/** The dispatch desk's list: accounts a hold rule stops today, why, and the releases approvers gave. */
export default async function CreditHoldsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { backend, session, clientSettings } = await pageGate();
  const [settings, rules] = await Promise.all([clientSettings(), backend.creditHolds.rules()]);
  const isAdmin = satisfies(session, API_ACCESS.integrations);
  const status = params.status ?? 'ALL';
  const rulesText = [
    rules.overLimit && 'over its own credit limit',
    rules.daysPastDue !== null && `debt more than ${rules.daysPastDue} days past due`,
    rules.brokenPromises !== null && `${rules.brokenPromises} promises broken in ${HOLD_PROMISE_DAYS} days`,
    rules.returnedCheques !== null &&
      `${rules.returnedCheques} cheques returned unpaid in ${rules.returnedChequeDays} days`,
  ].filter(Boolean);
  const invalid = checkLink(ZCreditHoldsQuery, params);
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Credit holds"
        description={`An account goes on hold, and dispatch stops, when it is ${rulesText.length ? rulesText.join(', or ') : 'never (every rule is off)'}. An approver can release it until a date, with the reason.`}
        breadcrumb={
          <Breadcrumb
            crumbs={[{ label: 'Credit Limit', href: '/borrowers/credit_limit' }, { label: 'Credit holds' }]}
          />
        }
        actions={
          <a
            href={`/api/credit_holds/export.csv?status=${status}`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Download CSV
          </a>
        }
      />
      {isAdmin && (
        <section className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Hold rules</h3>
          <HoldRulesForm rules={rules} />
        </section>
      )}
      <nav aria-label="Hold status" className="flex w-fit rounded-lg border border-slate-200 bg-white p-1 text-sm">
        {TABS.map(([value, label]) => (
          <Link
            key={value}
            href={hrefWith(PATH, params, { status: value === 'ALL' ? null : value, offset: null })}
            aria-current={status === value ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 font-medium ${status === value ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {invalid ? (
          <div className="p-5">
            <InvalidLink message={invalid} resetHref={PATH} />
          </div>
        ) : (
          <Holds
            params={params}
            money={settings}
            today={settings.today}
            timeZone={settings.timeZone}
            canRelease={satisfies(session, API_ACCESS.manageCustomers)}
          />
        )}
      </section>
    </div>
  );
}

async function Holds({
  params,
  money,
  today,
  timeZone,
  canRelease,
}: {
  params: Record<string, string>;
  money: { currency: string; locale: string };
  today: string;
  timeZone: string;
  canRelease: boolean;
}) {
  const { backend, session } = await pageGate();
  const query = ZCreditHoldsQuery.parse(params);
  let page: Awaited<ReturnType<typeof backend.creditHolds.list>>;
  try {
    page = await backend.creditHolds.list({ query: params });
  } catch (error) {
    console.error('Error fetching credit holds', error);
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
      <CreditHoldsTable
        rows={page.rows}
        money={money}
        today={today}
        timeZone={timeZone}
        canRelease={canRelease}
        canOpenCustomers={mayOpen(session, CUSTOMERS_PATH)}
      />
      <Pagination
        total={page.total}
        page={query.offset}
        count={query.count}
        pathname={PATH}
        params={params}
        noun="accounts"
      />
    </>
  );
}
