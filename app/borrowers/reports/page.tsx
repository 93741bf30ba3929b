import { pageGate } from '@/lib/backend/page-gate';
import { ReportsList } from '@/components/reports/reports-list';
import { Loaded } from '@/components/ui/loaded';
import { PageHeader } from '@/components/ui/page-header';

export const metadata = { title: 'Reports | Client receivables dashboard' };

/** The Excel reports: their figures are the screens' own, as of the chosen date. */
export default async function ReportsPage() {
  const { backend, clientSettings } = await pageGate();
  const load = async () => {
    const [reports, settings] = await Promise.all([backend.reports.list(), clientSettings()]);
    return { reports, today: settings.today, ledgerStart: settings.ledgerStart };
  };
  return (
    <div className="mx-auto max-w-[1100px] space-y-6">
      <PageHeader
        title="Reports"
        description="Download receivables, DSO, collections, tasks and credit limit reports as Excel workbooks."
      />
      <Loaded load={load} isEmpty={({ reports }) => reports.length === 0}>
        {({ reports, today, ledgerStart }) => <ReportsList reports={reports} today={today} ledgerStart={ledgerStart} />}
      </Loaded>
    </div>
  );
}
