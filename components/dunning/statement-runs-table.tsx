import type { TStatementPeriodRun } from '@/lib/contract/statement-schedule';
import { formatInstant } from '@/lib/domain/instants';
import { DataTable, Td, Th } from '@/components/ui/data-table';

/** "2026-11" -> "November 2026"; "W2026-11-23" -> "week of 23/11/2026". */
function periodName(period: string): string {
  const week = /^W(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (week) return `Week of ${week[3]}/${week[2]}/${week[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (!month) return period;
  const name = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)).toLocaleString('en-IN', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${month[1]}`;
}

/** The statements of past periods: how many went, how many failed and why (failures in red). */
export function StatementRunsTable({ rows, timeZone }: { rows: TStatementPeriodRun[]; timeZone: string }) {
  return (
    <DataTable label="Past statement runs">
      <thead>
        <tr>
          <Th>Period</Th>
          <Th>First sent</Th>
          <Th>Last sent</Th>
          <Th numeric>Sent</Th>
          <Th numeric>Failed</Th>
          <Th>Failures</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.period} className="align-top text-slate-700" data-period={r.period}>
            <Td className="whitespace-nowrap font-medium">{periodName(r.period)}</Td>
            <Td className="whitespace-nowrap">{formatInstant(r.firstAt, timeZone)}</Td>
            <Td className="whitespace-nowrap">{formatInstant(r.lastAt, timeZone)}</Td>
            <Td numeric>{r.sent}</Td>
            <Td numeric className={r.failed > 0 ? 'font-semibold text-rose-700' : ''}>
              {r.failed}
            </Td>
            <Td className="text-xs">
              {r.failures.length === 0 && r.sending === 0 && <span className="text-slate-400">none</span>}
              {r.sending > 0 && <p>{r.sending} still being sent (the next run of the period sends them)</p>}
              {r.failures.map((f) => (
                <p key={f.sysObligorCode} className="text-rose-800">
                  {f.obligorName} ({f.sysObligorCode}): {f.error ?? 'failed'}
                </p>
              ))}
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
