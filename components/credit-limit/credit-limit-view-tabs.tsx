import Link from 'next/link';
import { hrefWith, PAGE_PARAM } from '@/lib/client/url-state';
import type { CreditLimitView } from '@/lib/contract/credit-limits';

const TABS: { view: CreditLimitView; label: string }[] = [
  { view: 'families', label: 'Families' },
  { view: 'accounts', label: 'Accounts' },
];

/**
 * Families (each parent customer's limit against its family's balance) or accounts (each account's
 * own limit against its own balance): the view lives in the URL; the filters and the sort carry
 * over, the page and a family filter do not.
 */
export function CreditLimitViewTabs({
  active,
  pathname,
  params,
}: {
  active: CreditLimitView;
  pathname: string;
  params: Record<string, string>;
}) {
  return (
    <nav
      className="flex gap-1 border-b border-slate-200"
      aria-label="Credit limit views"
      data-testid="credit-limit-views"
    >
      {TABS.map((tab) => (
        <Link
          key={tab.view}
          href={hrefWith(pathname, params, {
            view: tab.view === 'families' ? null : tab.view,
            family: null,
            [PAGE_PARAM]: null,
          })}
          aria-current={tab.view === active ? 'page' : undefined}
          scroll={false}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.view === active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
