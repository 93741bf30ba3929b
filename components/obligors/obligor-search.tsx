'use client';

import { useRouter } from 'next/navigation';
import { CustomerCombobox } from './customer-combobox';
import { obligorHref } from './customer-params';

/** Find a customer by name or code (3+ characters) and open its page. */
export function ObligorSearch() {
  const router = useRouter();
  return (
    <div className="flex min-w-72 flex-col gap-1">
      <label htmlFor="obligor-search" className="text-xs font-medium text-slate-500">
        Find a customer
      </label>
      <CustomerCombobox
        id="obligor-search"
        placeholder="Name or code"
        parentNote="Parent customer"
        inputClassName="h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
        listClassName="w-[28rem]"
        onPick={(match) => router.push(obligorHref(match.sysObligorCode, !match.parentSysObligorCode))}
      />
    </div>
  );
}
