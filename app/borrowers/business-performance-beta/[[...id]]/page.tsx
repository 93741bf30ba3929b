import { notFound } from 'next/navigation';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { ZIsoDate } from '@/lib/contract/common';
import { formatDayInput } from '@/lib/domain/day-input';
import { periodPair } from '@/lib/domain/periods';
import { PeriodPicker } from '@/components/performance/period-picker';
import { BETA_PATH, PeriodMatrix } from '@/components/performance/period-matrix';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { checkAsOfDate, InvalidLink } from '@/components/ui/invalid-link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { TableSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Business Performance (beta) | Client receivables dashboard' };

/**
 * dim1 x dim2 with period-over-period change: balance and overdue share at this month end (today
 * while it runs) against the previous month end, or any two dates given as ?date=&compareDate=.
 * /{id} focuses one dim1 value. Figures come from the dimension call the receivables pages agree with.
 */
export default async function BusinessPerformanceBeta({
  params,
  searchParams,
}: {
  params: Promise<{ id?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id: segments } = await params;
  const query = flattenParams(await searchParams);
  if (segments && (segments.length > 1 || !/^\d+$/.test(segments[0]!))) notFound();
  const dim1Id = segments ? Number(segments[0]) : undefined;
  const settings = await (await pageGate()).clientSettings();
  const { dim1, dim2 } = settings.dimensionNames;
  const bad = [query.date, query.compareDate].some((d) => d !== undefined && !ZIsoDate.safeParse(d).success);
  // A real day after today or before the ledger's first entry: said in words, as Receivables does.
  const problem = bad
    ? 'The dates of this link are not real calendar days.'
    : (checkAsOfDate(query.date, settings) ?? checkAsOfDate(query.compareDate, settings));
  const pair = periodPair(query, settings.today);
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title={`${dim1} × ${dim2} performance (beta)`}
        description={`Balance and overdue share of each ${dim1.toLowerCase()} and its ${dim2.toLowerCase()} values on ${formatDayInput(pair.date)} against ${formatDayInput(pair.compareDate)}. Red means more owed or more overdue.`}
        actions={
          <PeriodPicker
            date={pair.date}
            compareDate={pair.compareDate}
            today={settings.today}
            ledgerStart={settings.ledgerStart}
          />
        }
        breadcrumb={
          dim1Id ? (
            <Breadcrumb crumbs={[{ label: 'All', href: BETA_PATH }, { label: `One ${dim1.toLowerCase()}` }]} />
          ) : undefined
        }
      />
      {problem ? (
        <InvalidLink message={problem} resetHref={BETA_PATH} />
      ) : (
        <Section
          title="Period over period"
          description="Pick the two days above: each cell shows the first against the second"
          skeleton={<TableSkeleton rows={12} columns={7} />}
          flush
          testId="beta-matrix"
        >
          <PeriodMatrix dim1Id={dim1Id} params={query} today={settings.today} />
        </Section>
      )}
    </div>
  );
}
