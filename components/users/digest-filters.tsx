'use client';

import { DIGEST_SEND_STATUSES } from '@/lib/contract/digest';
import { DateInput } from '@/components/ui/date-input';
import { ParamSelect } from '@/components/ui/param-select';
import { useUrlState } from '@/components/ui/use-url-state';

const STATUS_LABEL = { SENDING: 'Sending', SENT: 'Sent', FAILED: 'Failed' } as const;

/** The digests' filters, kept in the URL: how it went, and the days it went (the client's days). */
export function DigestFilters() {
  const { params, update } = useUrlState();
  const day = (name: 'fromDate' | 'toDate') => (iso: string) => update({ [name]: iso || null, offset: null });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ParamSelect
        name="status"
        label="Status"
        options={DIGEST_SEND_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }))}
        alsoChange={() => ({ offset: null })}
      />
      <DateInput label="Sent from" value={params.fromDate ?? ''} onCommit={day('fromDate')} testId="digest-from" />
      <DateInput label="To" value={params.toDate ?? ''} onCommit={day('toDate')} testId="digest-to" />
    </div>
  );
}
