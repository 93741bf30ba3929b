'use client';

import { useState } from 'react';
import { asOfCheck } from '@/lib/domain/as-of';
import { DateInput } from '@/components/ui/date-input';
import { Day } from '@/components/ui/day';
import type { TReportInfo } from '@/lib/contract/reports';
import { ReportDownload } from './report-download';

/** The reports with one as-of date for all of them, each with its Download (see ReportDownload). */
export function ReportsList({
  reports,
  today,
  ledgerStart,
}: {
  reports: TReportInfo[];
  today: string;
  ledgerStart: string | null;
}) {
  const [date, setDate] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
        <DateInput
          label="As of"
          value={date}
          max={today}
          check={asOfCheck({ today, ledgerStart })}
          onCommit={setDate}
          testId="reports-date"
        />
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
              <ReportDownload href={valid ? `${report.href}&date=${date}` : null} code={report.code} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
