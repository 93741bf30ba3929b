import { pageGate } from '@/lib/backend/page-gate';
import { Loaded } from '@/components/ui/loaded';
import { CustomerFilters } from './customer-filters';

async function loadChoices() {
  const { backend, clientSettings } = await pageGate();
  const [settings, values] = await Promise.all([clientSettings(), backend.clients.dimensionValues()]);
  return {
    today: settings.today,
    ledgerStart: settings.ledgerStart,
    dim1Name: settings.dimensionNames.dim1,
    dim1Values: values.filter((v) => v.dimLevel === 1).map((v) => ({ value: String(v.id), label: v.name })),
  };
}

/** The customer analysis filters with the client's own dim1 name and values. */
export function CustomerFilterBar() {
  return (
    <Loaded load={loadChoices}>
      {({ today, ledgerStart, dim1Name, dim1Values }) => (
        <CustomerFilters dim1Name={dim1Name} dim1Values={dim1Values} today={today} ledgerStart={ledgerStart} />
      )}
    </Loaded>
  );
}
