import { bucketColumns } from './bucket-columns';
import { InvoiceFilters } from './invoice-filters';
import { Loaded } from '@/components/ui/loaded';
import { pageGate } from '@/lib/backend/page-gate';

async function loadChoices() {
  const { backend, clientSettings } = await pageGate();
  const [settings, values] = await Promise.all([clientSettings(), backend.clients.dimensionValues()]);
  return {
    settings,
    dim1Values: values.filter((v) => v.dimLevel === 1).map((v) => ({ value: String(v.id), label: v.name })),
  };
}

/** The open-invoice filters with the client's own dim1 values and ageing buckets. */
export function InvoiceFilterBar() {
  return (
    <Loaded load={loadChoices}>
      {({ settings, dim1Values }) => (
        <InvoiceFilters
          dim1Name={settings.dimensionNames.dim1}
          dim1Values={dim1Values}
          creditBuckets={bucketColumns(settings.boundaries, 'CREDIT_DATE')}
          invoiceBuckets={bucketColumns(settings.boundaries, 'INVOICE_DATE')}
        />
      )}
    </Loaded>
  );
}
