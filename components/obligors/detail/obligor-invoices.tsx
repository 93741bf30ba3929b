import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { expectedBy } from '@/components/receivables/expected-payment';
import { InvoicesTable } from '@/components/receivables/invoices-table';
import { Loaded } from '@/components/ui/loaded';

const SHOWN = 10;

/**
 * The most overdue open invoices of the customer (or family), each with its expected payment, and a
 * link to all of them; on the page's as-of `date`, those open then, as expected then. Without the predictions the list still shows, without that column.
 */
export function ObligorInvoices({ code, isParent, date }: { code: string; isParent: boolean; date?: string }) {
  const filter: Record<string, string> = {
    ...(isParent ? { parentSysObligorCode: code } : { sysObligorCode: code }),
    ...(date ? { date } : {}),
  };
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, list, predictions] = await Promise.all([
      clientSettings(),
      backend.receivables.openInvoices({ query: { ...filter, count: SHOWN } }),
      backend.forecast
        .paymentPredictions({ query: { sysObligorCode: code, ...(date ? { date } : {}) } })
        .catch((error: unknown) => {
          console.error(error);
          return null;
        }),
    ]);
    return { settings, list, predictions };
  };
  const allHref = `/borrowers/invoices?${new URLSearchParams(filter).toString()}`;
  return (
    <Loaded load={load} isEmpty={({ list }) => list.total === 0}>
      {({ settings, list, predictions }) => (
        <div data-testid="obligor-invoices">
          <InvoicesTable
            rows={list.rows}
            money={settings}
            boundaries={settings.boundaries}
            sort={{ sortBy: 'daysPastDue', order: 'DESC' }}
            pathname={allHref.split('?')[0]!}
            params={filter}
            {...(predictions ? { expected: expectedBy(predictions.predictions) } : {})}
          />
          <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-500">
            {list.total > SHOWN ? `The ${SHOWN} most overdue of ${list.total} open items. ` : ''}
            <Link href={allHref} className="font-medium text-brand-700 hover:underline">
              All open invoices →
            </Link>
          </p>
        </div>
      )}
    </Loaded>
  );
}
