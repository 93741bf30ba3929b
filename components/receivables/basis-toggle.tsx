'use client';

import { Label, Radio, RadioGroup } from '@headlessui/react';
import type { AgeingBasis } from '@/lib/domain/ageing';
import { useUrlState } from '@/components/ui/use-url-state';

const CHOICES: { value: AgeingBasis; label: string }[] = [
  { value: 'CREDIT_DATE', label: 'Credit Date' },
  { value: 'INVOICE_DATE', label: 'Invoice Date' },
];

/**
 * Ages by days past the due date ('Credit Date', the default, left out of the URL) or by days since
 * the invoice date. The bucket filter is cleared on a switch: its buckets belong to the old basis.
 */
export function BasisToggle() {
  const { params, update } = useUrlState();
  const basis: AgeingBasis = params.basis === 'INVOICE_DATE' ? 'INVOICE_DATE' : 'CREDIT_DATE';
  return (
    <RadioGroup
      value={basis}
      onChange={(value: AgeingBasis) => update({ basis: value === 'CREDIT_DATE' ? null : value, ageingFilter: null })}
      className="flex flex-col gap-1"
      aria-label="Ageing basis"
    >
      <span className="text-xs font-medium text-slate-500">Ageing basis</span>
      <div className="flex h-9 rounded-md border border-slate-300 bg-slate-100 p-0.5 shadow-sm">
        {CHOICES.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            className="flex cursor-pointer items-center rounded px-3 text-sm text-slate-600 focus:outline-none data-checked:bg-white data-checked:font-medium data-checked:text-slate-900 data-checked:shadow-sm data-focus:ring-2 data-focus:ring-brand-500/30"
          >
            <Label className="cursor-pointer">{choice.label}</Label>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
