import Link from 'next/link';
import { formatPercent } from '@/lib/domain/format';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { pageGate } from '@/lib/backend/page-gate';
import { mayOpen } from '@/lib/domain/route-permissions';
import { RatingBadge } from './rating-badge';

const TOP = 10;
const CUSTOMERS_PATH = '/borrowers/obligors';

async function loadTopOverdue() {
  const { backend, clientSettings, session } = await pageGate();
  const [settings, list] = await Promise.all([
    clientSettings(),
    backend.receivables.list({ query: { sortBy: 'overdue', order: 'DESC', count: TOP } }),
  ]);
  // A customer with nothing overdue is not a collection priority, even if the list is short.
  return {
    money: settings,
    rows: list.rows.filter((row) => row.overdue > 0),
    linked: mayOpen(session, CUSTOMERS_PATH),
  };
}

/** The ten parent customers with the most overdue, each leading to its customer page when the user may open it. */
export function TopOverdueTable() {
  return (
    <Loaded load={loadTopOverdue} isEmpty={({ rows }) => rows.length === 0}>
      {({ money, rows, linked }) => (
        <DataTable label="Top 10 overdue customers" testId="top-overdue">
          <thead>
            <tr>
              <Th className="w-10">#</Th>
              <Th>Customer</Th>
              <Th numeric>Overdue</Th>
              <Th numeric>Share overdue</Th>
              <Th numeric>Balance</Th>
              <Th center>Rating</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <Tr key={row.sysObligorCode} data-code={row.sysObligorCode}>
                <Td className="text-slate-400 tabular-nums">{i + 1}</Td>
                <Td>
                  {linked ? (
                    <Link
                      href={`${CUSTOMERS_PATH}/${encodeURIComponent(row.sysObligorCode)}`}
                      className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {row.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{row.name}</span>
                  )}
                  <span className="ml-2 text-xs text-slate-400">{row.sysObligorCode}</span>
                </Td>
                <Td numeric className="font-medium text-rose-700">
                  <Money value={row.overdue} format={money} />
                </Td>
                <Td numeric className="text-slate-500">
                  {formatPercent(row.balance ? (row.overdue / row.balance) * 100 : 0)}
                </Td>
                <Td numeric>
                  <Money value={row.balance} format={money} />
                </Td>
                <Td center>
                  <RatingBadge rating={row.rating} />
                </Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Loaded>
  );
}
