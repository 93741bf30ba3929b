import { flattenParams, paramsKey, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { PageUpdated } from '@/components/receivables/page-updated';
import { Dim1Chart, Dim1List } from '@/components/performance/dim1-sections';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { ChartSkeleton, TableSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Business Performance | Client receivables dashboard' };

/**
 * '{dim1} Performance': each value of the client's first dimension with its balance, ageing,
 * collections of the last 12 months, DSO and weighted rating; the same figures as the receivables
 * pages filtered by that value. Sort lives in the URL; a value opens its own page.
 */
export default async function Dim1PerformancePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { clientSettings } = await pageGate();
  const dim1 = (await clientSettings().catch(() => null))?.dimensionNames.dim1 ?? 'Dimension 1';
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title={`${dim1} Performance`}
        description={`What each ${dim1.toLowerCase()} is owed today, how late it is, what it collected over the last 12 months, its DSO (balance ÷ 12-month sales × 365) and its balance-weighted risk rating. Open a ${dim1.toLowerCase()} for its trend, customers and breakdown.`}
      />
      <PageUpdated kind="integration" />
      <Section
        title={`Balance by ${dim1}`}
        description="Current and overdue receivables today"
        skeleton={<ChartSkeleton height="h-80" />}
        testId="dim1-chart-section"
      >
        <Dim1Chart />
      </Section>
      <Section
        title={`Receivables by ${dim1}`}
        description="Ageing by days past the due date; DSO in days; rating weighted by balance (1 low – 3 high). Click a column to sort."
        skeleton={<TableSkeleton rows={6} columns={12} />}
        inputs={paramsKey(params, ['sortBy', 'order'])}
        flush
        testId="dim1-list-section"
      >
        <Dim1List params={params} />
      </Section>
    </div>
  );
}
