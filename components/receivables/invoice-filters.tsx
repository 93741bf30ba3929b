'use client';

import Link from 'next/link';
import { DOC_TYPES } from '@/lib/domain/filters';
import type { BucketColumn } from './bucket-columns';
import { InvoiceSearch } from './invoice-search';
import { ParamSelect, type Option } from '@/components/ui/param-select';
import { useUrlState } from '@/components/ui/use-url-state';

const DOC_TYPE_LABELS: Record<(typeof DOC_TYPES)[number], string> = {
  INVOICE: 'Invoice',
  CREDIT_NOTE: 'Credit note',
  WRITE_OFF: 'Bad debt written off',
  DEBIT_NOTE: 'Debit note',
};

/** Search and filters of the open-invoice list; the customer scope (from the URL) is kept by Reset. */
export function InvoiceFilters({
  dim1Name,
  dim1Values,
  creditBuckets,
  invoiceBuckets,
}: {
  dim1Name: string;
  dim1Values: Option[];
  creditBuckets: BucketColumn[];
  invoiceBuckets: BucketColumn[];
}) {
  const { params, pathname } = useUrlState();
  const ageing: Option[] = [
    ...creditBuckets.map((b) => ({
      value: b.key,
      label: b.key === 'current' ? 'Current (not yet due)' : `${b.label} past due`,
    })),
    ...invoiceBuckets.map((b) => ({ value: b.key, label: `${b.label} since invoice` })),
  ];
  const scope = new URLSearchParams();
  if (params.sysObligorCode) scope.set('sysObligorCode', params.sysObligorCode);
  if (params.parentSysObligorCode) scope.set('parentSysObligorCode', params.parentSysObligorCode);
  const resetHref = scope.size ? `${pathname}?${scope}` : pathname;
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 pb-1 pt-4 shadow-sm" data-testid="invoice-filters">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <InvoiceSearch />
        <ParamSelect name="ageingFilter" label="Ageing bucket" options={ageing} />
        <ParamSelect
          name="docType"
          label="Document type"
          options={DOC_TYPES.map((t) => ({ value: t, label: DOC_TYPE_LABELS[t] }))}
        />
        <ParamSelect name="dim1Id" label={dim1Name} options={dim1Values} />
        <ParamSelect
          name="inDispute"
          label="Dispute"
          options={[
            { value: 'true', label: 'In dispute' },
            { value: 'false', label: 'Not in dispute' },
          ]}
        />
        <div className="ml-auto flex h-[58px] items-center">
          <Link href={resetHref} className="text-sm font-medium text-brand-700 hover:underline">
            Reset
          </Link>
        </div>
      </div>
    </div>
  );
}
