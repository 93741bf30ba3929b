'use client';

import Link from 'next/link';
import { RISK_CLASSES } from '@/lib/domain/filters';
import { SALES_SEGMENTS } from '@/lib/domain/segments';
import { titleCase } from '@/lib/domain/format';
import { BasisToggle } from './basis-toggle';
import type { BucketColumn } from './bucket-columns';
import { ParamSelect, type Option } from '@/components/ui/param-select';
import { AsOfDate } from '@/components/ui/as-of-date';
import { useUrlState } from '@/components/ui/use-url-state';
import type { TDimensionValue } from '@/lib/contract/clients';

const RISK_OPTIONS: Option[] = RISK_CLASSES.map((risk) => ({ value: risk, label: titleCase(risk) }));
const SEGMENT_OPTIONS: Option[] = SALES_SEGMENTS.map((segment) => ({ value: segment, label: titleCase(segment) }));

function optionsOf(values: TDimensionValue[], level: number, parentId?: number): Option[] {
  return values
    .filter((v) => v.dimLevel === level && (parentId === undefined || v.parentId === parentId))
    .map((v) => ({ value: String(v.id), label: v.name }));
}

/** The filter bar of the receivables page: every choice is written to the URL. */
export function ReceivablesFilters({
  dimensionNames,
  dimensionValues,
  creditBuckets,
  invoiceBuckets,
  today,
  ledgerStart,
}: {
  dimensionNames: { dim1: string; dim2: string; dim3: string };
  dimensionValues: TDimensionValue[];
  creditBuckets: BucketColumn[];
  invoiceBuckets: BucketColumn[];
  today: string;
  ledgerStart: string | null;
}) {
  const { params, pending, pathname } = useUrlState();
  const dim1Id = params.dim1Id ? Number(params.dim1Id) : undefined;
  // Branches of the chosen region only, when the dimension values form such a tree.
  const dim2Under = dim1Id === undefined ? [] : optionsOf(dimensionValues, 2, dim1Id);
  const dim2Options = dim2Under.length ? dim2Under : optionsOf(dimensionValues, 2);
  const buckets = params.basis === 'INVOICE_DATE' ? invoiceBuckets : creditBuckets;

  return (
    <div
      className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
      data-testid="receivables-filters"
      aria-busy={pending}
    >
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <AsOfDate today={today} ledgerStart={ledgerStart} />
        <ParamSelect
          name="dim1Id"
          label={dimensionNames.dim1}
          options={optionsOf(dimensionValues, 1)}
          alsoChange={(value) => {
            const dim2 = dimensionValues.find((v) => String(v.id) === params.dim2Id);
            return dim2 && value && dim2.parentId !== null && String(dim2.parentId) !== value ? { dim2Id: null } : {};
          }}
        />
        <ParamSelect name="dim2Id" label={dimensionNames.dim2} options={dim2Options} />
        <ParamSelect name="dim3Id" label={dimensionNames.dim3} options={optionsOf(dimensionValues, 3)} />
        <ParamSelect name="salesSegment" label="Sales segment" options={SEGMENT_OPTIONS} />
        <ParamSelect name="risk" label="Risk" options={RISK_OPTIONS} />
        <BasisToggle />
        <ParamSelect
          name="ageingFilter"
          label="Ageing bucket"
          options={buckets.map((b) => ({ value: b.key, label: b.label }))}
        />
        <div className="ml-auto flex h-9 items-center gap-3">
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
