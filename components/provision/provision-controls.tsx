'use client';

import { DateInput } from '@/components/ui/date-input';
import { ParamSelect } from '@/components/ui/param-select';
import { useUrlState } from '@/components/ui/use-url-state';

/** The matrix's choices, each kept in the URL: the day of the close, the method, the segments, the history. */
export function ProvisionControls({ date, segments }: { date: string; segments: { value: string; label: string }[] }) {
  const { update } = useUrlState();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <DateInput label="As of" value={date} onCommit={(iso) => update({ date: iso || null })} testId="provision-date" />
      <ParamSelect
        name="method"
        label="Method"
        allLabel="Roll rates (default)"
        options={[{ value: 'WRITTEN_OFF', label: 'Written off later' }]}
      />
      <ParamSelect name="segment" label="Segments" allLabel="None (all customers)" options={segments} />
      <ParamSelect
        name="months"
        label="History"
        allLabel="24 month ends"
        options={[
          { value: '12', label: '12 month ends' },
          { value: '36', label: '36 month ends' },
        ]}
      />
    </div>
  );
}
