'use client';

import { useRouter } from 'next/navigation';
import { CustomerCombobox } from '@/components/obligors/customer-combobox';

/**
 * The service desk's first step: find the customer on the line by name or code and open their
 * statement. `base` is where statements live: a path (/customerportal/CODE) or, inside the
 * borrower area, a query (?customer=CODE).
 */
export function PortalSearch({
  base,
  asQuery = false,
  autoFocus = false,
}: {
  base: string;
  asQuery?: boolean;
  autoFocus?: boolean;
}) {
  const router = useRouter();
  const open = (code: string) =>
    router.push(asQuery ? `${base}?customer=${encodeURIComponent(code)}` : `${base}/${encodeURIComponent(code)}`);
  return (
    <div className="flex w-full max-w-xl flex-col gap-1">
      <label htmlFor="portal-search" className="text-xs font-medium text-slate-500">
        Find a customer
      </label>
      <CustomerCombobox
        id="portal-search"
        placeholder="Customer name or code"
        autoFocus={autoFocus}
        parentNote="Parent customer: statement covers the whole family"
        hint="Search by name or customer code."
        inputClassName="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
        listClassName="w-full"
        onPick={(match) => open(match.sysObligorCode)}
      />
    </div>
  );
}
