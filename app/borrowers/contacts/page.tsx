import Link from 'next/link';
import { ZContactsQuery, CONTACT_SORT_KEYS } from '@/lib/contract/contacts';
import { flattenParams, hrefWith, readSort, type SearchParams } from '@/lib/client/url-state';
import { satisfies } from '@/lib/domain/access';
import { API_ACCESS } from '@/lib/contract/access';
import { isNotFound } from '@/lib/backend/page-errors';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { AddContactButton } from '@/components/contacts/add-contact-button';
import { ContactSearch } from '@/components/contacts/contact-search';
import { ContactsTable } from '@/components/contacts/contacts-table';

export const metadata = { title: 'Customer Contacts | Client receivables dashboard' };

const PATH = '/borrowers/contacts';

export default async function ContactsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { session } = await pageGate();
  const invalid = checkLink(ZContactsQuery, params);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Customer contacts"
        description="The people to call or write to at each customer: name, role, email and phone."
        actions={satisfies(session, API_ACCESS.manageContacts) ? <AddContactButton /> : undefined}
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <ContactSearch />
        {params.sysObligorCode && (
          <Link
            href={hrefWith(PATH, params, { sysObligorCode: null })}
            className="pb-6 text-sm text-brand-700 hover:underline"
          >
            Customer {params.sysObligorCode} ✕
          </Link>
        )}
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {invalid ? (
          <div className="p-5">
            <InvalidLink message={invalid} resetHref={PATH} />
          </div>
        ) : (
          <ContactList params={params} />
        )}
      </section>
    </div>
  );
}

async function ContactList({ params }: { params: Record<string, string> }) {
  const { backend } = await pageGate();
  let page: {
    query: ReturnType<typeof ZContactsQuery.parse>;
    rows: Awaited<ReturnType<typeof backend.contacts.list>>['rows'];
    total: number;
  };
  try {
    const query = ZContactsQuery.parse(params);
    const { rows, total } = await backend.contacts.list({ query: params });
    page = { query, rows, total };
  } catch (error) {
    // A customer outside the user's scope reads as no data, as it would for one that does not exist.
    if (isNotFound(error))
      return (
        <div className="p-5">
          <WarningBox kind="empty" />
        </div>
      );
    console.error('Error fetching contacts', error);
    return (
      <div className="p-5">
        <WarningBox kind="error" />
      </div>
    );
  }
  const { query, rows, total } = page;
  if (rows.length === 0)
    return (
      <div className="p-5">
        <WarningBox kind="empty" />
      </div>
    );
  const sort = readSort(params, CONTACT_SORT_KEYS, { sortBy: 'name', order: 'ASC' });
  return (
    <>
      <ContactsTable contacts={rows} sort={sort} params={params} />
      <Pagination
        total={total}
        page={query.offset}
        count={query.count}
        pathname={PATH}
        params={params}
        noun="contacts"
      />
    </>
  );
}
