'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { TContact } from '@/lib/contract/contacts';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { useToast } from '@/components/feedback/toast';
import { WarningBox } from '@/components/feedback/warning-box';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { TableSkeleton } from '@/components/ui/skeletons';
import { ContactFormDialog } from '@/components/contacts/contact-form-dialog';
import { DeleteContactButton } from '@/components/contacts/delete-contact-button';
import { SectionPager } from '@/components/contacts/section-pager';
import { usePagedList } from '@/components/contacts/use-paged-list';

/** The obligor's contact people, with add, edit and delete for users who may manage contacts. */
export function ContactsSection({
  obligorCode,
  canManage,
  canOpen,
}: {
  obligorCode: string;
  canManage: boolean;
  /** Whether the contact pages open for this user (`mayOpen`); otherwise a name is plain text. */
  canOpen: boolean;
}) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TContact | null>(null);
  const { state, reload } = usePagedList<TContact>('contacts', {
    sysObligorCode: obligorCode,
    count: DEFAULT_PAGE_SIZE,
    offset: page,
    sortBy: 'name',
    order: 'ASC',
  });
  const obligorName = state.status === 'ok' ? state.rows[0]?.obligorName : undefined;

  function changed(message: string) {
    reload();
    toast(message);
  }

  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="contacts-section">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Contacts</h3>
          <p className="mt-0.5 text-xs text-slate-500">Who to call or write to at this customer.</p>
        </div>
        {canManage && (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Add contact
          </button>
        )}
      </header>
      {state.status === 'loading' && <TableSkeleton rows={3} columns={4} />}
      {state.status === 'error' && (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      )}
      {state.status === 'ok' && state.rows.length === 0 && (
        <div className="p-5">
          <WarningBox kind="empty" />
        </div>
      )}
      {state.status === 'ok' && state.rows.length > 0 && (
        <>
          <DataTable label="Contacts of this customer">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Role</Th>
                <Th>Email</Th>
                <Th>Phone</Th>
                {canManage && (
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                )}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((contact) => (
                <Tr key={contact.id} data-contact-id={contact.id}>
                  <Td>
                    {canOpen ? (
                      <Link
                        href={`/borrowers/contacts/${contact.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {contact.name}
                      </Link>
                    ) : (
                      <span className="font-medium text-slate-900">{contact.name}</span>
                    )}
                  </Td>
                  <Td>{contact.role ?? <span className="text-slate-400">—</span>}</Td>
                  <Td className="break-all">
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
                  {canManage && (
                    <Td className="whitespace-nowrap text-right">
                      <button
                        type="button"
                        onClick={() => setEditing(contact)}
                        aria-label={`Edit ${contact.name}`}
                        className="mr-3 text-sm font-medium text-brand-700 hover:underline"
                      >
                        Edit
                      </button>
                      <DeleteContactButton
                        contact={contact}
                        onDeleted={() => changed(`${contact.name} was deleted.`)}
                        className="text-sm font-medium text-rose-700 hover:underline"
                      />
                    </Td>
                  )}
                </Tr>
              ))}
            </tbody>
          </DataTable>
          {state.total > DEFAULT_PAGE_SIZE && (
            <SectionPager page={page} count={DEFAULT_PAGE_SIZE} total={state.total} noun="contacts" onPage={setPage} />
          )}
        </>
      )}
      {canManage && (
        <>
          <ContactFormDialog
            open={adding}
            onClose={() => setAdding(false)}
            obligor={{ sysObligorCode: obligorCode, name: obligorName ?? obligorCode }}
            onSaved={(c) => {
              setPage(1);
              changed(`${c.name} was added.`);
            }}
          />
          {editing && (
            <ContactFormDialog
              open
              contact={editing}
              onClose={() => setEditing(null)}
              onSaved={(c) => changed(`${c.name} was saved.`)}
            />
          )}
        </>
      )}
    </section>
  );
}
