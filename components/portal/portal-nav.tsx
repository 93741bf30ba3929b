import Link from 'next/link';

const TABS = [
  ['statement', 'Statement of account', ''],
  ['postpaid', 'Postpaid accounts', '/postpaid'],
  ['prepaid', 'Prepaid accounts', '/prepaid'],
] as const;

/** The portal's three views; inside the borrower area only the statement exists. */
export function PortalNav({ active }: { active: (typeof TABS)[number][0] }) {
  return (
    <nav
      aria-label="Customer portal"
      className="mb-5 flex w-fit rounded-lg border border-slate-200 bg-white p-1 text-sm"
    >
      {TABS.map(([key, label, path]) => (
        <Link
          key={key}
          href={`/customerportal${path}`}
          aria-current={active === key ? 'page' : undefined}
          className={`rounded-md px-3 py-1.5 font-medium ${active === key ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
