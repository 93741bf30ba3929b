import { Suspense } from 'react';
import { AgeingSection } from '@/components/receivables/ageing-section';
import { PageHeader } from '@/components/ui/page-header';
import { PageUpdated } from '@/components/receivables/page-updated';
import { Section } from '@/components/ui/section';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { CardsSkeleton, ChartSkeleton, TableSkeleton } from '@/components/ui/skeletons';
import { SummaryCards } from '@/components/receivables/summary-cards';
import { TopOverdueTable } from '@/components/receivables/top-overdue-table';
import { TrendSection } from '@/components/receivables/trend-section';
import { KpiStrip } from '@/components/receivables/kpi-strip';
import { FORECAST_DESCRIPTION, ForecastSection } from '@/components/receivables/forecast-section';
import { AsOfDate } from '@/components/ui/as-of-date';
import { formatDay } from '@/components/ui/day';
import { checkAsOfDate } from '@/components/ui/invalid-link';
import { WarningBox } from '@/components/feedback/warning-box';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';

export const metadata = { title: 'Summary Dashboard | Client receivables dashboard' };

/**
 * The company summary: each block loads (and may fail) on its own. The cash-in forecast has an
 * "As of" date of its own (`date` in the URL): from a past day, with what was known then.
 */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { date } = flattenParams(await searchParams);
  const { clientSettings } = await pageGate();
  const settings = await clientSettings().catch(() => null);
  const dateProblem = checkAsOfDate(date, settings);
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Summary Dashboard"
        description="What your customers owe you today, how late it is and how risky: balance by ageing bucket, the last 12 months and the customers to chase first."
      />
      <PageUpdated kind="view" />
      <SectionBoundary>
        <Suspense fallback={<CardsSkeleton />}>
          <SummaryCards />
        </Suspense>
      </SectionBoundary>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Section
          title="Ageing of receivables"
          description="Balance by days past due date, as of today"
          skeleton={<ChartSkeleton />}
          testId="ageing-section"
        >
          <AgeingSection />
        </Section>
        <Section
          title="12-month trend"
          description="Outstanding and overdue at each month end; cash collected in the month (current month to date)"
          skeleton={<ChartSkeleton height="h-[25rem]" />}
          testId="trend-section"
        >
          <TrendSection />
        </Section>
      </div>
      <Section
        title="Collection KPIs"
        description="How well the team collects: countback DSO, collection effectiveness, best possible DSO, days delinquent, days to pay and the current share"
        skeleton={<CardsSkeleton />}
        testId="kpi-section"
      >
        <KpiStrip />
      </Section>
      <Section
        title={
          date && !dateProblem
            ? `Cash-in forecast, 13 weeks from ${formatDay(date)}`
            : 'Cash-in forecast, next 13 weeks'
        }
        description={FORECAST_DESCRIPTION}
        actions={settings && <AsOfDate today={settings.today} ledgerStart={settings.ledgerStart} />}
        skeleton={<ChartSkeleton height="h-80" />}
        inputs={date ?? ''}
        testId="forecast-section"
      >
        {dateProblem ? (
          <WarningBox kind="error" message={dateProblem} />
        ) : (
          <ForecastSection {...(date ? { date } : {})} />
        )}
      </Section>
      <Section
        title="Top 10 overdue customers"
        description="Parent customers with the largest overdue balance"
        skeleton={<TableSkeleton rows={10} columns={6} />}
        flush
        testId="top-overdue-section"
      >
        <TopOverdueTable />
      </Section>
    </div>
  );
}
