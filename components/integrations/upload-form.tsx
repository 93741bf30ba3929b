'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import {
  DATE_ORDER_FIELD,
  IMPORT_KINDS,
  importCalls,
  SKIP_BAD_ROWS_FIELD,
  type TImportReport,
} from '@/lib/contract/imports';
import { ImportCounts, ImportErrors, ImportStatus } from './import-parts';

/** Choose the batch's files, upload them, and read the report right here. */
export function UploadForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<TImportReport | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!form.getAll('files').some((f) => typeof f !== 'string' && f.size > 0))
      return setError('Choose at least one file.');
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      // A large batch takes a while: the typed client sends an upload without a timeout.
      setReport(await callApi(importCalls.upload, { body: form }));
      router.refresh();
    } catch (e) {
      setError((await apiErrorMessage(e)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-4">
        <label className="block text-sm font-medium text-slate-700">
          Files ({IMPORT_KINDS.join(', ')}: .csv or .xlsx)
          <input
            type="file"
            name="files"
            multiple
            accept=".csv,.xlsx"
            disabled={busy}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200"
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Dates like 05/11/2026
          {/* Empty: each file's order is told from its values (a file mixing both is refused). */}
          <select
            name={DATE_ORDER_FIELD}
            defaultValue=""
            disabled={busy}
            className="mt-1 block h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-normal text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
          >
            <option value="">Tell from the file</option>
            <option value="dmy">Day first (5 November)</option>
            <option value="mdy">Month first (11 May)</option>
          </select>
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name={SKIP_BAD_ROWS_FIELD}
            value="true"
            disabled={busy}
            className="rounded border-slate-300"
          />
          Import the good rows and skip the bad ones
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Importing…' : 'Import'}
        </button>
      </form>
      {error && (
        <p role="alert" className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
          {error}
        </p>
      )}
      {report && (
        <div role="status" className="rounded-lg border border-slate-200 p-4 text-sm">
          <div className="mb-2 flex items-center gap-3">
            <ImportStatus status={report.status} />
            <span>
              {report.status === 'SUCCEEDED'
                ? 'The batch is in: the dashboard shows it now, while its figures are refreshed in the background.'
                : `${report.errorCount.toLocaleString('en-IN')} error${report.errorCount === 1 ? '' : 's'}: nothing was written. Correct the files and upload them again.`}
            </span>
            <Link href={`/borrowers/integrations/${report.id}`} className="text-brand-700 hover:underline">
              Report
            </Link>
          </div>
          {report.warnings.map((warning) => (
            <p key={warning} className="mb-2 text-amber-800">
              {warning}
            </p>
          ))}
          {report.status === 'SUCCEEDED' ? (
            <ImportCounts item={report} />
          ) : (
            <ImportErrors errors={report.errors} total={report.errorCount} />
          )}
          {report.status === 'SUCCEEDED' && report.errorCount > 0 && (
            <div className="mt-3">
              <p className="mb-2 text-amber-800">These rows were skipped: correct them and import them again.</p>
              <ImportErrors errors={report.errors} total={report.errorCount} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
