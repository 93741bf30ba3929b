import type { ReactNode } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { PageUpdated } from '@/components/receivables/page-updated';
import { AccountsList } from './accounts-list';
import { PostpaidView, PrepaidView } from './account-views';
import { PortalNav } from './portal-nav';

const KINDS = {
  postpaid: {
    accountType: 'POSTPAID',
    title: 'Postpaid accounts',
    view: (code: string, params: Record<string, string>): ReactNode => <PostpaidView code={code} params={params} />,
    description:
      'Customers billed on credit, largest balance first: open to see bills by due date and the credit left.',
  },
  prepaid: {
    accountType: 'PREPAID',
    title: 'Prepaid accounts',
    view: (code: string, params: Record<string, string>): ReactNode => <PrepaidView code={code} params={params} />,
    description:
      'Customers who pay in advance, lowest advance first: open to see top-ups, what invoices drew and the balance left.',
  },
} as const;

/** `/customerportal/postpaid|prepaid/{id?}`: the accounts of that kind (filtered by ?q=), or one account. */
export function AccountTypePage({
  kind,
  code,
  params,
}: {
  kind: keyof typeof KINDS;
  code: string | null;
  params: Record<string, string>;
}) {
  const search = params.q?.trim();
  const { accountType, title, description, view } = KINDS[kind];
  const path = `/customerportal/${kind}`;
  return (
    <div className="mx-auto max-w-7xl">
      <PageUpdated kind="integration" />
      {code ? (
        <>
          <Breadcrumb
            crumbs={[
              { label: 'Customer portal', href: '/customerportal' },
              { label: title, href: path },
              { label: code },
            ]}
          />
          <PortalNav active={kind} />
          {view(code, params)}
        </>
      ) : (
        <>
          <PageHeader title={title} description={description} />
          <PortalNav active={kind} />
          <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <form
              action={path}
              className="flex items-end gap-2 border-b border-slate-100 px-5 py-3.5"
              aria-label={`Filter ${title.toLowerCase()}`}
            >
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-500">
                Name or code
                <input
                  type="search"
                  name="q"
                  defaultValue={search ?? ''}
                  className="h-9 w-72 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm"
                />
              </label>
              <button
                type="submit"
                className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Filter
              </button>
            </form>
            <AccountsList accountType={accountType} search={search || undefined} />
          </section>
        </>
      )}
    </div>
  );
}
