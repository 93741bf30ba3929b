import Link from 'next/link';
import type { SortOrder } from '@/lib/client/url-state';
import { obligorHref, type TContact } from '@/lib/contract/contacts';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { SortableHeader } from '@/components/receivables/sortable-header';

const PATH = '/borrowers/contacts';

/** Contact people with their customer; names, customers and roles sort A to Z first. */
export function ContactsTable({
  contacts,
  sort,
  params,
}: {
  contacts: TContact[];
  sort: { sortBy: string; order: SortOrder };
  params: Record<string, string>;
}) {
  const header = { active: sort, pathname: PATH, params, firstOrder: 'ASC' as const };
  return (
    <DataTable label="Customer contacts" testId="contacts-table">
      <thead>
        <tr>
          <SortableHeader column="name" label="Name" {...header} />
          <SortableHeader column="role" label="Role" {...header} />
          <SortableHeader column="obligorName" label="Customer" {...header} />
          <Th>Email</Th>
          <Th>Phone</Th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => (
          <Tr key={contact.id} data-contact-id={contact.id}>
            <Td>
              <Link href={`${PATH}/${contact.id}`} className="font-medium text-brand-700 hover:underline">
                {contact.name}
              </Link>
            </Td>
            <Td>{contact.role ?? <span className="text-slate-400">—</span>}</Td>
            <Td>
              <Link href={obligorHref(contact)} className="hover:underline">
                {contact.obligorName}
              </Link>
              <span className="ml-1.5 text-xs text-slate-400">{contact.sysObligorCode}</span>
            </Td>
            <Td>
              {contact.email ? (
                <a href={`mailto:${contact.email}`} className="hover:underline">
                  {contact.email}
                </a>
              ) : (
                <span className="text-slate-400">—</span>
              )}
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              {contact.phone ? (
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                  {contact.phone}
                </a>
              ) : (
                <span className="text-slate-400">—</span>
              )}
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
