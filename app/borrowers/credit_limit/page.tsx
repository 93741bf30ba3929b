import Link from 'next/link';
import { Suspense } from 'react';
import { flattenParams, paramsKey, type SearchParams } from '@/lib/client/url-state';
import { ZCreditLimitsQuery } from '@/lib/contract/credit-limits';
import { CREDIT_LIMIT_THRESHOLDS } from '@/lib/domain/credit-limit';
import { pageGate } from '@/lib/backend/page-gate';
import { CreditLimitFilters } from '@/components/credit-limit/credit-limit-filters';
import {
  CREDIT_LIMIT_FILTER_KEYS,
  CREDIT_LIMIT_LIST_KEYS,
  CreditLimitBands,
  CreditLimitList,
} from '@/components/credit-limit/credit-limit-list';
import { CreditLimitViewTabs } from '@/components/credit-limit/credit-limit-view-tabs';
import { checkAsOfDate, checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { Loaded } from '@/components/ui/loaded';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Credit Limit | Client receivables dashboard' };

const PATH = '/borrowers/credit_limit';

async function loadChoices() {
  const { backend, clientSettings } = await pageGate();
  const [settings, values] = await Promise.all([clientSettings(), backend.clients.dimensionValues()]);
  return {
    today: settings.today,
    ledgerStart: settings.ledgerStart,
    dim1Name: settings.dimensionNames.dim1,
    dim1Values: values.filter((v) => v.dimLevel === 1).map((v) => ({ value: String(v.id), label: v.name })),
  };
}

/**
 * Credit limit: each parent customer's (Families) or each account's (Accounts) limit, exposure
 * (balance), available credit and utilisation, breaches (over 100%) and near breaches (over 90%)
 * highlighted, with the band counts; the view is in the URL (?view=accounts).
 */
export default async function CreditLimitPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { clientSettings } = await pageGate();
  const settings = await clientSettings().catch(() => null);
  const problem = checkLink(ZCreditLimitsQuery, params) ?? checkAsOfDate(params.date, settings);
  const accounts = params.view === 'accounts';
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Credit Limit"
        description={`Exposure against each parent customer's or account's credit limit: over ${CREDIT_LIMIT_THRESHOLDS.breached}% is a breach, over ${CREDIT_LIMIT_THRESHOLDS.near}% a near breach.`}
        actions={
          <Link
            href="/borrowers/credit_limit/holds"
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Credit holds
          </Link>
        }
      />
      <CreditLimitViewTabs active={accounts ? 'accounts' : 'families'} pathname={PATH} params={params} />
      <Suspense fallback={<div className="h-[86px] animate-pulse rounded-xl border border-slate-200 bg-white" />}>
        <Loaded load={loadChoices}>
          {({ today, ledgerStart, dim1Name, dim1Values }) => (
            <CreditLimitFilters dim1Name={dim1Name} dim1Values={dim1Values} today={today} ledgerStart={ledgerStart} />
          )}
        </Loaded>
      </Suspense>
      {problem ? (
        <InvalidLink message={problem} resetHref={PATH} />
      ) : (
        <>
          <Suspense
            key={paramsKey(params, [...CREDIT_LIMIT_FILTER_KEYS, 'status'])}
            fallback={<LinesSkeleton lines={2} />}
          >
            <CreditLimitBands params={params} pathname={PATH} />
          </Suspense>
          <Section
            title={accounts ? 'Accounts' : 'Customers'}
            description={
              accounts
                ? "Each account's own limit and balance, its family (which narrows the list to it) and the latest change of its limit, which opens the account's limit history"
                : "Parent customers with their family's limit and balance; a name opens the customer with its limit history, the account count its accounts"
            }
            skeleton={<TableSkeleton rows={10} columns={8} />}
            inputs={paramsKey(params, CREDIT_LIMIT_LIST_KEYS)}
            flush
            testId="credit-limit-section"
          >
            <CreditLimitList params={params} pathname={PATH} />
          </Section>
        </>
      )}
    </div>
  );
}
