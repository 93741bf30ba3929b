import { SegmentationSection } from '@/components/obligors/segmentation-section';
import { PeriodComparison, SplitAgeing, SplitTrend } from '@/components/performance/summary-beta';
import { PageUpdated } from '@/components/receivables/page-updated';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { CardsSkeleton, ChartSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Summary Dashboard (beta) | Client receivables dashboard' };

/** The summary with the split-by graphs (trends, ageing, segmentation) and this period against the previous one. */
export default function SummaryDashboardBeta() {
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Summary Dashboard (beta)"
        description="Today's book against the previous month end, the 12-month trend, the ageing today and the balance by sales segment and risk."
      />
      <PageUpdated kind="integration" />
      <Section
        title="This period against the previous"
        description="Today against the last month end; collections this month to date against the whole of last month"
        skeleton={<CardsSkeleton count={4} />}
        testId="beta-comparison"
      >
        <PeriodComparison />
      </Section>
      <div className="grid gap-6 xl:grid-cols-5">
        <div className="xl:col-span-3">
          <Section
            title="Trends"
            description="Balance and overdue at each month end, cash collected in the month"
            skeleton={<ChartSkeleton height="h-[25rem]" />}
            testId="beta-trend"
          >
            <SplitTrend />
          </Section>
        </div>
        <div className="xl:col-span-2">
          <Section
            title="Ageing today"
            description="Balance by days past the due date"
            skeleton={<ChartSkeleton />}
            testId="beta-ageing"
          >
            <SplitAgeing />
          </Section>
        </div>
      </div>
      <Section
        title="Segmentation"
        description="Balance by sales segment and risk class today"
        skeleton={<ChartSkeleton />}
        testId="beta-segmentation"
      >
        <SegmentationSection params={{}} />
      </Section>
    </div>
  );
}
