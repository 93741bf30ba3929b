import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { API_ACCESS } from '@/lib/contract/access';
import type { TWriteOff } from '@/lib/contract/write-offs';
import { formatInstant } from '@/lib/domain/instants';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { PageHeader } from '@/components/ui/page-header';
import { DecideButtons } from '@/components/write-offs/decide-buttons';

export const metadata = { title: 'Write-offs | Client receivables dashboard' };

const GROUPS = [
  { status: 'PENDING', title: 'Waiting for approval', empty: 'No write-off is waiting for approval.' },
  { status: 'APPROVED', title: 'Written off', empty: 'Nothing written off from this page yet.' },
  { status: 'REJECTED', title: 'Rejected', empty: 'No write-off was rejected.' },
] as const;

/**
 * Bad debts written off: asked with "Write off" on an invoice, approved or rejected here by someone
 * other than who asked (four eyes). An approval writes the WRITE_OFF document into the ledger.
 */
export default async function WriteOffsPage() {
  const { backend, clientSettings } = await pageGate(API_ACCESS.writeOff);
  const { currency, locale, timeZone } = await clientSettings();
  const money: MoneyFormat = { currency, locale };
  const all = await backend.writeOffs.list({ query: {} });
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Write-offs"
        description="Bad debts written off the ledger. Ask with “Write off” on an open invoice; a second person with the write-off permission approves or rejects it here. An approved write-off settles the invoice and feeds the provision’s loss history; write-offs imported from your ERP are in the ledger, not in this list."
      />
      {GROUPS.map((g) => {
        const rows = all.filter((w) => w.status === g.status);
        return (
          <section
            key={g.status}
            aria-label={g.title}
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
            data-testid={`write-offs-${g.status.toLowerCase()}`}
          >
            <h2 className="px-5 py-3 text-sm font-semibold text-slate-900">
              {g.title} <span className="font-normal text-slate-500">({rows.length})</span>
            </h2>
            {rows.length ? (
              <Rows rows={rows} money={money} timeZone={timeZone} pending={g.status === 'PENDING'} />
            ) : (
              <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-500">{g.empty}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

function Rows({
  rows,
  money,
  timeZone,
  pending,
}: {
  rows: TWriteOff[];
  money: MoneyFormat;
  timeZone: string;
  pending: boolean;
}) {
  return (
    <DataTable label={pending ? 'Write-offs waiting for approval' : 'Decided write-offs'}>
      <thead>
        <tr>
          <Th>Invoice</Th>
          <Th>Customer</Th>
          <Th numeric>Amount</Th>
          <Th numeric>Open now</Th>
          <Th>Reason</Th>
          <Th>Asked</Th>
          <Th>{pending ? '' : 'Decided'}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((w) => (
          <Tr key={w.id} data-testid="write-off-row">
            <Td className="whitespace-nowrap">
              <Link
                href={`/borrowers/invoices/${encodeURIComponent(w.sysInvoiceNum)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {w.invoiceNum}
              </Link>
            </Td>
            <Td>{w.obligorName}</Td>
            <Td numeric className="font-medium">
              <Money value={w.amount} format={money} />
            </Td>
            <Td numeric>
              <Money value={w.outstanding} format={money} />
            </Td>
            <Td className="max-w-xs whitespace-normal text-slate-700">{w.reason}</Td>
            <Td className="text-slate-600">
              {w.requestedBy}
              <span className="block text-xs text-slate-400">{formatInstant(w.requestedAt, timeZone)}</span>
            </Td>
            <Td className={pending ? 'text-right' : 'text-slate-600'}>
              {pending ? (
                <DecideButtons id={w.id} mine={w.mine} invoiceNum={w.invoiceNum} />
              ) : (
                <>
                  {w.decidedBy ?? '-'}
                  {w.decidedAt && (
                    <span className="block text-xs text-slate-400">{formatInstant(w.decidedAt, timeZone)}</span>
                  )}
                  {w.writeOffNum && w.writtenOffOn && (
                    <span className="block text-xs text-slate-500">
                      {w.writeOffNum}, <Day iso={w.writtenOffOn} />
                    </span>
                  )}
                </>
              )}
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
