import { notFound } from 'next/navigation';
import { pageGate } from '@/lib/backend/page-gate';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import {
  Dim1Ageing,
  Dim1Breakdown,
  Dim1Cards,
  Dim1TopCustomers,
  Dim1Trend,
} from '@/components/performance/dim1-detail';
import { DIM1_PATH } from '@/components/performance/dim1-sections';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { ChartSkeleton, TableSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Business Performance | Client receivables dashboard' };

/** One dim1 value: its figures (equal to its row of the list), 12-month trend, ageing, top customers and dim2 breakdown. */
export default async function Dim1ValuePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const { backend, clientSettings } = await pageGate();
  const settings = await clientSettings();
  const { dim1, dim2 } = settings.dimensionNames;
  // The value's name; none when the client has no such dim1 value (another client's id included).
  const value = (await backend.clients.dimensionValues()).find((v) => v.id === id && v.dimLevel === 1);
  const name = value?.name ?? null;
  if (!name) notFound();
  const path = `${DIM1_PATH}/${id}`;
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title={`${name} ${dim1}`}
        description={`Today's receivables of the customers in ${name}, their trend over 12 months, who owes the most and how it splits by ${dim2.toLowerCase()}.`}
        breadcrumb={<Breadcrumb crumbs={[{ label: `${dim1} Performance`, href: DIM1_PATH }, { label: name }]} />}
      />
      <Dim1Cards id={id} />
      <div className="grid gap-6 xl:grid-cols-5">
        <div className="xl:col-span-3">
          <Section
            title="12-month trend"
            description="Balance and overdue at each month end, cash collected in the month"
            skeleton={<ChartSkeleton height="h-[25rem]" />}
            testId="dim1-trend"
          >
            <Dim1Trend id={id} />
          </Section>
        </div>
        <div className="xl:col-span-2">
          <Section
            title="Ageing today"
            description="Balance by days past the due date"
            skeleton={<ChartSkeleton />}
            testId="dim1-ageing"
          >
            <Dim1Ageing id={id} />
          </Section>
        </div>
      </div>
      <Section
        title={`By ${dim2}`}
        description={`The balance of ${name} per ${dim2.toLowerCase()}`}
        skeleton={<TableSkeleton rows={6} columns={10} />}
        flush
        testId="dim1-breakdown"
      >
        <Dim1Breakdown id={id} pathname={path} />
      </Section>
      <Section
        title="Top customers"
        description={`Parent customers with the largest balance in ${name}`}
        skeleton={<TableSkeleton rows={10} columns={5} />}
        flush
        testId="dim1-top-customers"
      >
        <Dim1TopCustomers id={id} />
      </Section>
    </div>
  );
}
