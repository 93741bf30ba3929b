import { todayIso } from '@/lib/domain/dates';
import { requirePageSession } from '@/lib/server/auth/page-session';
import { pageBackend } from '@/components/receivables/page-backend';
import { ReportsList } from '@/components/reports/reports-list';
import { Loaded } from '@/components/ui/loaded';
import { PageHeader } from '@/components/ui/page-header';

export const metadata = { title: 'Reports | Client receivables dashboard' };

/** The Excel reports: their figures are the screens' own, as of the chosen date. */
export default async function ReportsPage() {
  await requirePageSession();
  const load = async () => (await pageBackend()).backend.reports();
  return (
    <div className="mx-auto max-w-[1100px] space-y-6">
      <PageHeader title="Reports" description="Download receivables, DSO, collections, tasks and credit limit reports as Excel workbooks." />
      <Loaded load={load} isEmpty={(reports) => reports.length === 0}>
        {(reports) => <ReportsList reports={reports} today={todayIso()} />}
      </Loaded>
    </div>
  );
}
