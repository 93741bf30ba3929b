import { pageGate } from '@/lib/backend/page-gate';
import { Loaded } from '@/components/ui/loaded';
import { SegmentationChart } from './segmentation-chart';

/** GET /v3/clients/split_by?graph=graph4: balance by sales segment and risk class as of the date. */
export function SegmentationSection({ params }: { params: Record<string, string> }) {
  const load = async () => {
    const query = {
      graph: 'graph4',
      ...(params.date ? { date: params.date } : {}),
      ...(params.dim ? { dim: params.dim } : {}),
    };
    const { backend, clientSettings } = await pageGate();
    const [settings, split] = await Promise.all([clientSettings(), backend.customers.splitBy({ query })]);
    return { settings, cells: split.graph === 'graph4' ? split.cells : [] };
  };
  return (
    <Loaded load={load} isEmpty={({ cells }) => cells.length === 0}>
      {({ settings, cells }) => <SegmentationChart cells={cells} money={settings} colours={settings.riskColours} />}
    </Loaded>
  );
}
