import { ZImportsQuery } from '@/lib/contract/imports';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { ImportsTable } from '@/components/integrations/import-parts';
import { UploadForm } from '@/components/integrations/upload-form';
import { ColumnGuide } from '@/components/integrations/column-guide';
import { IMPORT_KINDS } from '@/lib/server/imports/formats';
import { columnGuide, KIND_TITLES, templateCsv } from '@/lib/server/imports/templates';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';

export const metadata = { title: 'Integrations | Client receivables dashboard' };

const PATH = '/borrowers/integrations';

export default async function IntegrationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings } = await pageGate();
  const { timeZone } = await clientSettings();
  const params = flattenParams(await searchParams);
  // A page link that is not a page number shows the first page.
  const query = ZImportsQuery.safeParse(params);
  const page = query.success ? query.data : ZImportsQuery.parse({});
  const { rows, total } = await backend.imports.list({ query: page });
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Integrations"
        description="Load customers, invoices, payments and ratings exported from your ERP. A batch is all or nothing unless you ask to skip bad rows: then the good rows go in and the report lists every row left out."
      />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-3 text-base font-semibold text-slate-900">Import a batch</h3>
        <UploadForm />
        <p className="mt-3 text-xs text-slate-500">
          One file per kind, named after it (<code>invoices.csv</code>, <code>Invoices.xlsx</code>,{' '}
          <code>invoices-2026-11.csv</code>): CSV (UTF-8, comma-separated, a header row) or the first sheet of an Excel
          workbook. Unknown columns and missing required ones are refused with their names; an optional column left out
          keeps the stored value, present but empty it clears it.
        </p>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-1 text-base font-semibold text-slate-900">Files and their columns</h3>
        <p className="mb-3 text-sm text-slate-500">
          Open a kind to see its columns; its template holds the header row and one example row to replace with your
          own.
        </p>
        <ColumnGuide
          kinds={IMPORT_KINDS.map((kind) => ({
            kind,
            title: KIND_TITLES[kind],
            template: templateCsv(kind),
            columns: columnGuide(kind),
          }))}
        />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 className="px-5 pt-5 text-base font-semibold text-slate-900">Past imports</h3>
        {rows.length === 0 ? (
          <div className="p-5">
            <WarningBox kind="empty" message="No imports yet." />
          </div>
        ) : (
          <>
            <ImportsTable rows={rows} timeZone={timeZone} />
            <Pagination
              total={total}
              page={page.offset}
              count={page.count}
              pathname={PATH}
              params={params}
              noun="imports"
            />
          </>
        )}
      </section>
    </div>
  );
}
