import Link from 'next/link';
import type { CustomerView } from './customer-params';

/** The views of the customer analysis page, as links (the view lives in the URL). */
export function CustomerTabs({ active, showManage }: { active: CustomerView; showManage: boolean }) {
  const tabs: { view: CustomerView; label: string; href: string }[] = [
    { view: 'customers', label: 'Customers', href: '/borrowers/obligors' },
    { view: 'ratings', label: 'Ratings and risk shifts', href: '/borrowers/obligors?view=ratings' },
    ...(showManage
      ? [{ view: 'manage' as const, label: 'Manage customers', href: '/borrowers/obligors?view=manage' }]
      : []),
  ];
  return (
    <nav className="flex gap-1 border-b border-slate-200" aria-label="Customer analysis views">
      {tabs.map((tab) => (
        <Link
          key={tab.view}
          href={tab.href}
          aria-current={tab.view === active ? 'page' : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.view === active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
