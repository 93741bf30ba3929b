'use client';

import { useState } from 'react';
import { DateInput } from '@/components/ui/date-input';
import { Day } from '@/components/ui/day';
import type { TReportInfo } from '@/lib/contract/reports';

/**
 * The reports with one as-of date for all of them. Each Download is a plain link: the browser sends
 * the session cookie and saves the streamed workbook under the file name the server gives.
 */
export function ReportsList({ reports, today }: { reports: TReportInfo[]; today: string }) {
  const [date, setDate] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
        <DateInput label="As of" value={date} max={today} onCommit={setDate} testId="reports-date" />
        <p className="pb-2 text-sm text-slate-500">
          Every report is an Excel workbook as of this date, for the customers you may see.
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="reports-list">
        {reports.map((report) => (
          <li
            key={report.code}
            className="flex flex-col justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            data-testid="report-card"
            data-code={report.code}
          >
            <div>
              <h2 className="text-base font-semibold text-slate-900">{report.name}</h2>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{report.description}</p>
            </div>
            <div className="flex items-center justify-between">
              <span className="text-xs text-slate-400">.xlsx · as of {valid ? <Day iso={date} /> : '-'}</span>
              <a
                href={valid ? `${report.href}&date=${date}` : undefined}
                aria-disabled={!valid}
                className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 aria-disabled:pointer-events-none aria-disabled:opacity-50"
                data-testid={`download-${report.code}`}
              >
                <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                  <path d="M10 3a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 2 0 2 2 0 0 1-2 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
                </svg>
                Download
              </a>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
