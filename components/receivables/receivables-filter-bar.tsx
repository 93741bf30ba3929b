import { bucketColumns } from './bucket-columns';
import { Loaded } from '@/components/ui/loaded';
import { pageGate } from '@/lib/backend/page-gate';
import { ReceivablesFilters } from './receivables-filters';

async function loadFilterChoices() {
  const { backend, clientSettings } = await pageGate();
  const [settings, values] = await Promise.all([clientSettings(), backend.clients.dimensionValues()]);
  return { settings, values };
}

/** The filter bar with the client's own dimension names and values and its ageing buckets. */
export function ReceivablesFilterBar() {
  return (
    <Loaded load={loadFilterChoices}>
      {({ settings, values }) => (
        <ReceivablesFilters
          dimensionNames={settings.dimensionNames}
          dimensionValues={values}
          creditBuckets={bucketColumns(settings.boundaries, 'CREDIT_DATE')}
          invoiceBuckets={bucketColumns(settings.boundaries, 'INVOICE_DATE')}
          today={settings.today}
          ledgerStart={settings.ledgerStart}
        />
      )}
    </Loaded>
  );
}
