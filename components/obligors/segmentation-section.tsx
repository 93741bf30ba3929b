import { cachedCall, clientSettings } from '@/components/receivables/page-backend';
import { Loaded } from '@/components/ui/loaded';
import { SegmentationChart, type SegmentCell } from './segmentation-chart';

/** GET /v3/clients/split_by?graph=graph4: balance by sales segment and risk class as of the date. */
export function SegmentationSection({ params }: { params: Record<string, string> }) {
  const load = async () => {
    const query = { graph: 'graph4', ...(params.date ? { date: params.date } : {}), ...(params.dim ? { dim: params.dim } : {}) };
    const [settings, split] = await Promise.all([clientSettings(), cachedCall('splitBy', query)]);
    return { settings, cells: (split as { cells: SegmentCell[] }).cells };
  };
  return (
    <Loaded load={load} isEmpty={({ cells }) => cells.length === 0}>
      {({ settings, cells }) => <SegmentationChart cells={cells} money={settings.money} colours={settings.riskColours} />}
    </Loaded>
  );
}
