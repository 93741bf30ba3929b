'use client';

import Link from 'next/link';
import { RISK_CLASSES } from '@/lib/domain/filters';
import { titleCase } from '@/lib/domain/format';
import { COLLECTION_RISKS, OPEN_STATUSES, RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { ParamSelect, type Option } from '@/components/ui/param-select';
import { AsOfDate } from '@/components/ui/as-of-date';
import { useUrlState } from '@/components/ui/use-url-state';
import { ObligorSearch } from './obligor-search';

const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: titleCase(value) }));
const RISK_SEGMENT_OPTIONS: Option[] = RISK_SALES_SEGMENTS.map((value) => {
  const [risk, segment] = value.split('_') as [string, string];
  return { value, label: `${titleCase(risk)} risk · ${titleCase(segment)}` };
});

/** The customer analysis filters (spec section 9 defaults: ALL); every choice is written to the URL. */
export function CustomerFilters({
  dim1Name,
  dim1Values,
  today,
  ledgerStart,
}: {
  dim1Name: string;
  dim1Values: Option[];
  today: string;
  ledgerStart: string | null;
}) {
  const { pending, pathname } = useUrlState();
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
      data-testid="customer-filters"
      aria-busy={pending}
    >
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <ObligorSearch />
        <AsOfDate today={today} ledgerStart={ledgerStart} />
        <ParamSelect name="dim" label={dim1Name} options={dim1Values} />
        <ParamSelect name="risk" label="Risk rating" options={options(RISK_CLASSES)} />
        <ParamSelect name="collectionRisk" label="Collection risk" options={options(COLLECTION_RISKS)} />
        <ParamSelect
          name="openStatus"
          label="Status"
          options={OPEN_STATUSES.map((value) => ({ value, label: value === 'OPEN' ? 'Owes money' : 'Nothing owed' }))}
        />
        <ParamSelect name="salesSegment" label="Sales segment" options={options(SALES_SEGMENTS)} />
        <ParamSelect name="riskSalesSegment" label="Risk × segment" options={RISK_SEGMENT_OPTIONS} />
        <div className="ml-auto flex h-[3.25rem] items-end gap-3 pb-2">
          {pending && (
            <span className="text-xs text-slate-400" role="status">
              Updating…
            </span>
          )}
          <Link href={pathname} className="text-sm font-medium text-brand-700 hover:underline">
            Reset
          </Link>
        </div>
      </div>
    </div>
  );
}
