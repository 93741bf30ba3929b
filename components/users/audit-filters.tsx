'use client';

import { DateInput } from '@/components/ui/date-input';
import { ParamSelect, type Option } from '@/components/ui/param-select';
import { useUrlState } from '@/components/ui/use-url-state';

/** The edit log's filters, each kept in the URL: event, person, kind of thing and days. */
export function AuditFilters({
  actions,
  people,
  entities,
}: {
  actions: Option[];
  people: Option[];
  entities: Option[];
}) {
  const { params, update } = useUrlState();
  const day = (name: 'fromDate' | 'toDate') => (iso: string) => update({ [name]: iso || null, offset: null });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ParamSelect name="action" label="Event" options={actions} alsoChange={() => ({ offset: null })} />
      <ParamSelect name="userId" label="By" options={people} alsoChange={() => ({ offset: null })} />
      <ParamSelect name="entity" label="Concerning" options={entities} alsoChange={() => ({ offset: null })} />
      <DateInput label="From" value={params.fromDate ?? ''} onCommit={day('fromDate')} testId="audit-from" />
      <DateInput label="To" value={params.toDate ?? ''} onCommit={day('toDate')} testId="audit-to" />
    </div>
  );
}
