import Link from 'next/link';

const TABS = [
  ['/borrowers/users', 'People'],
  ['/borrowers/users/roles', 'Roles and page permissions'],
  ['/borrowers/users/audit', 'Audit log'],
  ['/borrowers/users/digests', 'Digests sent'],
] as const;

export function PersonnelNav({ current }: { current: (typeof TABS)[number][0] }) {
  return (
    <nav aria-label="Personnel sections" className="mb-5 flex gap-1 border-b border-slate-200 text-sm">
      {TABS.map(([href, label]) => (
        <Link
          key={href}
          href={href}
          aria-current={href === current ? 'page' : undefined}
          className={`-mb-px border-b-2 px-3 py-2 font-medium ${href === current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
