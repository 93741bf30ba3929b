import type { TDigestSendListRow } from '@/lib/contract/digest';
import { digestPeriodLabel } from '@/lib/domain/digest';
import { formatInstant } from '@/lib/domain/instants';
import { DataTable, Td, Th } from '@/components/ui/data-table';

/** The reminders' status colours (components/dunning/run-panel.tsx), so a failure reads the same on both pages. */
const STATUS_STYLE: Record<TDigestSendListRow['status'], string> = {
  SENDING: 'bg-sky-50 text-sky-800',
  SENT: 'bg-emerald-50 text-emerald-800',
  FAILED: 'bg-rose-100 text-rose-800',
};

/** The digests sent to the team: who, to which address, which period, how it went and when; failures in red. */
export function DigestSendsTable({ rows, timeZone }: { rows: TDigestSendListRow[]; timeZone: string }) {
  return (
    <DataTable label="Digests sent" testId="digest-sends-admin">
      <thead>
        <tr>
          <Th>User</Th>
          <Th>Recipient</Th>
          <Th>Period</Th>
          <Th>Status</Th>
          <Th>Sent at</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.id}
            className={`align-top ${r.status === 'FAILED' ? 'bg-rose-50/70 text-rose-900' : 'text-slate-700'}`}
            data-status={r.status}
          >
            <Td className="font-medium">{r.userName}</Td>
            <Td>{r.recipient}</Td>
            <Td className="whitespace-nowrap">{digestPeriodLabel(r.period)}</Td>
            <Td className="max-w-md">
              <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[r.status]}`}>
                {r.status.toLowerCase()}
              </span>
              {r.error && <span className="ml-2 text-xs">{r.error}</span>}
            </Td>
            <Td className="whitespace-nowrap tabular-nums">{formatInstant(r.sentAt, timeZone)}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
