import { todayIso } from '@/lib/domain/dates';
import { pageGate } from '@/lib/backend/page-gate';
import { ReportsList } from '@/components/reports/reports-list';
import { Loaded } from '@/components/ui/loaded';
import { PageHeader } from '@/components/ui/page-header';

export const metadata = { title: 'Reports | Client receivables dashboard' };

/** The Excel reports: their figures are the screens' own, as of the chosen date. */
export default async function ReportsPage() {
  const { backend } = await pageGate();
  const load = () => backend.reports.list();
  return (
    <div className="mx-auto max-w-[1100px] space-y-6">
      <PageHeader
        title="Reports"
        description="Download receivables, DSO, collections, tasks and credit limit reports as Excel workbooks."
      />
      <Loaded load={load} isEmpty={(reports) => reports.length === 0}>
        {(reports) => <ReportsList reports={reports} today={todayIso()} />}
      </Loaded>
    </div>
  );
}
