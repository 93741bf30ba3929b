import Link from 'next/link';
import { formatInstant } from '@/lib/domain/instants';
import type { TImportError, TImportKind, TImportSummary } from '@/lib/contract/imports';

const KIND_LABELS: Record<TImportKind, string> = {
  obligors: 'Customers',
  invoices: 'Invoices',
  instalments: 'Instalments',
  payments: 'Payments',
  allocations: 'Allocations',
  ratings: 'Ratings',
  disputes: 'Disputes',
  cheques: 'Cheques',
};

const int = (n: number) => n.toLocaleString('en-IN');

export function ImportStatus({ status }: { status: TImportSummary['status'] }) {
  const tone =
    status === 'SUCCEEDED'
      ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
      : 'bg-rose-50 text-rose-700 ring-rose-200';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`}>
      {status === 'SUCCEEDED' ? 'Imported' : 'Refused'}
    </span>
  );
}

/** "Invoices 1,200 (40 new, 3 updated, 2 skipped)" per file; a refused batch shows its rows read. */
export function ImportCounts({ item }: { item: Pick<TImportSummary, 'files' | 'counts' | 'status'> }) {
  return (
    <ul className="space-y-0.5">
      {item.files.map((f) => {
        const c = item.counts[f.kind];
        return (
          <li key={f.name} className="whitespace-nowrap">
            <span className="font-medium text-slate-700">{KIND_LABELS[f.kind]}</span>{' '}
            <span className="tabular-nums">{int(f.rows)}</span>
            {c && (
              <span className="text-slate-500">
                {' '}
                ({int(c.inserted)} new, {int(c.updated)} updated
                {c.skipped ? (
                  <>
                    , <span className="text-amber-700">{int(c.skipped)} skipped</span>
                  </>
                ) : null}
                )
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function ImportsTable({ rows, timeZone }: { rows: TImportSummary[]; timeZone: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3">
              Started
            </th>
            <th scope="col" className="px-4 py-3">
              By
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Rows
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Errors
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Duration
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-slate-50">
              <td className="px-4 py-3 whitespace-nowrap">
                <Link href={`/borrowers/integrations/${row.id}`} className="font-medium text-brand-700 hover:underline">
                  {formatInstant(row.startedAt, timeZone)}
                </Link>
              </td>
              <td className="px-4 py-3">
                {row.source === 'CLI' ? <span className="text-slate-500">Command line</span> : (row.userName ?? '-')}
              </td>
              <td className="px-4 py-3">
                <ImportStatus status={row.status} />
              </td>
              <td className="px-4 py-3">
                <ImportCounts item={row} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{row.errorCount ? int(row.errorCount) : '-'}</td>
              <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">
                {(row.durationMs / 1000).toFixed(1)} s
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportErrors({ errors, total }: { errors: TImportError[]; total: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2">
              File
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Line
            </th>
            <th scope="col" className="px-4 py-2">
              Column
            </th>
            <th scope="col" className="px-4 py-2">
              Reason
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {errors.map((e, i) => (
            <tr key={i}>
              <td className="px-4 py-2 font-mono text-xs">{e.file || '(batch)'}</td>
              <td className="px-4 py-2 text-right tabular-nums">{e.line || '-'}</td>
              <td className="px-4 py-2 font-mono text-xs">{e.column || '-'}</td>
              <td className="px-4 py-2">{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > errors.length && (
        <p className="px-4 py-2 text-sm text-slate-500">… and {int(total - errors.length)} more errors not listed.</p>
      )}
    </div>
  );
}
