import { Suspense } from 'react';
import { flattenParams, paramsKey, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { satisfies } from '@/lib/domain/access';
import { API_ACCESS } from '@/lib/contract/access';
import {
  CUSTOMER_FILTER_KEYS,
  CUSTOMER_LIST_KEYS,
  ZCustomerPageParams,
  type CustomerView,
} from '@/components/obligors/customer-params';
import { CustomerFilterBar } from '@/components/obligors/customer-filter-bar';
import { CustomerSummary } from '@/components/obligors/customer-summary';
import { CustomerTabs } from '@/components/obligors/customer-tabs';
import { DsoSection } from '@/components/obligors/dso-section';
import { ManageCustomers } from '@/components/obligors/manage-customers';
import { ParentObligorsList } from '@/components/obligors/parent-obligors-list';
import { RatingsList } from '@/components/obligors/ratings-list';
import { SegmentationSection } from '@/components/obligors/segmentation-section';
import { PageUpdated } from '@/components/receivables/page-updated';
import { checkAsOfDate, checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Customer Analysis | Client receivables dashboard' };

const PATH = '/borrowers/obligors';

/**
 * Customer analysis: every parent customer's balance, ageing, rating, DSO, credit use and
 * collection risk, with the totals, the DSO trend and the segmentation; the ratings with their
 * risk shifts; and, for those who may, the assignment of customers to field staff.
 */
export default async function CustomerAnalysisPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { session, clientSettings } = await pageGate();
  const view: CustomerView = params.view === 'ratings' || params.view === 'manage' ? params.view : 'customers';
  const canManage = satisfies(session, API_ACCESS.manageCustomers);
  const settings = await clientSettings().catch(() => null);
  const money = settings ? { currency: settings.currency, locale: settings.locale } : undefined;
  const problem =
    view === 'customers' ? (checkLink(ZCustomerPageParams, params) ?? checkAsOfDate(params.date, settings)) : null;

  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Customer Analysis"
        description="Who owes what, how late, how risky and how fast they pay: each parent customer and its family."
      />
      <PageUpdated kind="integration" />
      <CustomerTabs active={view === 'manage' && !canManage ? 'customers' : view} showManage={canManage} />
      {view === 'ratings' && <RatingsList money={money} />}
      {view === 'manage' && canManage && <ManageCustomers canAssign={canManage} money={money} />}
      {(view === 'customers' || (view === 'manage' && !canManage)) && (
        <>
          <Suspense fallback={<div className="h-[86px] animate-pulse rounded-xl border border-slate-200 bg-white" />}>
            <CustomerFilterBar />
          </Suspense>
          {problem ? (
            <InvalidLink message={problem} resetHref={PATH} />
          ) : (
            <>
              <Suspense key={paramsKey(params, CUSTOMER_FILTER_KEYS)} fallback={<LinesSkeleton lines={3} />}>
                <CustomerSummary params={params} />
              </Suspense>
              <Section
                title="Parent customers"
                description="Balance by ageing bucket (days past due), weighted rating, 12-month DSO, credit used and collection risk"
                skeleton={<TableSkeleton rows={10} columns={12} />}
                inputs={paramsKey(params, CUSTOMER_LIST_KEYS)}
                flush
                testId="parent-obligors-section"
              >
                <ParentObligorsList params={params} pathname={PATH} />
              </Section>
              <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
                <Section
                  title="Days sales outstanding"
                  description="Monthly DSO up to the DSO end date (one month before today) and the annual DSO"
                  skeleton={<LinesSkeleton lines={6} />}
                  inputs={paramsKey(params, ['dim'])}
                  testId="dso-card"
                >
                  <DsoSection params={params} showSplit />
                </Section>
                <Section
                  title="Segmentation"
                  description="Balance by sales segment (12-month sales) and risk rating"
                  skeleton={<LinesSkeleton lines={6} />}
                  inputs={paramsKey(params, ['date', 'dim'])}
                  testId="segmentation-card"
                >
                  <SegmentationSection params={params} />
                </Section>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
