import type { TRemittance } from '@/lib/contract/customer-door';
import { pageGate } from '@/lib/backend/page-gate';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';

/**
 * The customer's remittance advices ("I have paid"): shown to the customer on their statement and
 * to the collector on the customer's page and the portal, newest first.
 */
export async function RemittancesSection({ code }: { code: string }) {
  const { backend, clientSettings } = await pageGate();
  let rows: TRemittance[];
  try {
    rows = await backend.customerDoor.remittances({ query: { sysObligorCode: code } });
  } catch {
    return null;
  }
  if (!rows.length) return null;
  const money = await clientSettings();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="remittances">
      <header className="border-b border-slate-100 px-5 py-3.5">
        <h3 className="text-sm font-semibold text-slate-900">Payments the customer told us of</h3>
        <p className="mt-0.5 text-xs text-slate-500">
          Remittance advice (&ldquo;I have paid&rdquo;): reminders of its bills wait until the day shown, while the
          payment is found.
        </p>
      </header>
      <DataTable label="Remittance advice" testId="remittances-table" caption={`Amounts in ${money.currency}`}>
        <thead>
          <tr>
            <Th>Paid on</Th>
            <Th numeric>Amount</Th>
            <Th>UTR / cheque</Th>
            <Th>Bills</Th>
            <Th>Reminders wait until</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <Td>
                <Day iso={r.paidOn} />
              </Td>
              <Td numeric>
                <Money value={r.amount} format={money} bare />
              </Td>
              <Td className="font-medium">{r.reference}</Td>
              <Td className="text-slate-600">{r.invoiceNums.join(', ')}</Td>
              <Td>
                <Day iso={r.holdsUntil} />
              </Td>
              <Td>{r.status === 'OPEN' ? 'Not yet matched' : 'Matched'}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}
