import Link from 'next/link';
import { notFound } from 'next/navigation';
import { pageGate } from '@/lib/backend/page-gate';
import { isInvalidOrMissing } from '@/lib/backend/page-errors';
import type { TImportDetail } from '@/lib/contract/imports';
import { ImportCounts, ImportErrors, ImportStatus } from '@/components/integrations/import-parts';
import { formatInstant } from '@/lib/domain/instants';
import { PageHeader } from '@/components/ui/page-header';

export const metadata = { title: 'Import report | Client receivables dashboard' };

export default async function ImportReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { backend, clientSettings } = await pageGate();
  const { timeZone } = await clientSettings();
  let report: TImportDetail;
  try {
    report = await backend.imports.get({ params: { id: (await params).id } });
  } catch (error) {
    if (isInvalidOrMissing(error)) notFound();
    throw error;
  }
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        breadcrumb={
          <Link href="/borrowers/integrations" className="text-sm text-brand-700 hover:underline">
            ← Integrations
          </Link>
        }
        title={`Import of ${formatInstant(report.startedAt, timeZone)}`}
        description={`${report.source === 'CLI' ? 'From the command line' : `Uploaded by ${report.userName ?? 'a former user'}`}, ${(report.durationMs / 1000).toFixed(1)} s.`}
      />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm text-sm">
        <div className="mb-3 flex items-center gap-3">
          <ImportStatus status={report.status} />
          {report.status === 'FAILED' && <span>Nothing was written: every error is listed below.</span>}
          {report.status === 'SUCCEEDED' && report.errorCount > 0 && (
            <span>The good rows are in; the rows with the errors below were skipped.</span>
          )}
        </div>
        <ImportCounts item={report} />
      </section>
      {report.errorCount > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <h3 className="px-5 pt-5 pb-2 text-base font-semibold text-slate-900">
            Errors ({report.errorCount.toLocaleString('en-IN')})
          </h3>
          <ImportErrors errors={report.errors} total={report.errorCount} />
        </section>
      )}
    </div>
  );
}
