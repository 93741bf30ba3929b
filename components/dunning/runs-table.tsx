import type { TDunningRunRow } from '@/lib/contract/dunning';
import { Day } from '@/components/ui/day';
import { formatInstant } from '@/lib/domain/instants';
import { DataTable, Td, Th } from '@/components/ui/data-table';

/** Recent runs: when, how started, and what came of them (failures in red). */
export function RunsTable({ rows, timeZone }: { rows: TDunningRunRow[]; timeZone: string }) {
  return (
    <DataTable label="Recent reminder runs">
      <thead>
        <tr>
          <Th>Day</Th>
          <Th>Started</Th>
          <Th>By</Th>
          <Th>Kind</Th>
          <Th numeric>Customers</Th>
          <Th numeric>Sent</Th>
          <Th numeric>Failed</Th>
          <Th numeric>Skipped</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className="text-slate-700">
            <Td>
              <Day iso={r.runDate} />
            </Td>
            <Td>{formatInstant(r.startedAt, timeZone)}</Td>
            <Td>{r.userName ?? (r.trigger === 'DAILY' ? 'Daily job' : '-')}</Td>
            <Td>{r.dryRun ? 'Preview' : r.trigger === 'DAILY' ? 'Daily' : 'Run now'}</Td>
            <Td numeric>{r.messages}</Td>
            <Td numeric>{r.dryRun ? '-' : r.sent}</Td>
            <Td numeric className={r.failed > 0 ? 'font-semibold text-rose-700' : ''}>
              {r.failed}
            </Td>
            <Td numeric>{r.skipped}</Td>
            <Td>{r.status === 'DONE' ? 'Done' : r.status === 'RUNNING' ? 'Running' : 'Failed'}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
