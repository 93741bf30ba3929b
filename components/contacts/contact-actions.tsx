'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { TContact } from '@/lib/contract/contacts';
import { useToast } from '@/components/feedback/toast';
import { ContactFormDialog } from './contact-form-dialog';
import { DeleteContactButton } from './delete-contact-button';

/** Edit and delete on a contact's page (for users who may manage contacts). */
export function ContactActions({ contact }: { contact: TContact }) {
  const router = useRouter();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={() => setEditing(true)}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        Edit
      </button>
      <DeleteContactButton
        contact={contact}
        onDeleted={() => {
          toast(`${contact.name} was deleted.`);
          router.push('/borrowers/contacts');
        }}
      />
      <ContactFormDialog
        open={editing}
        contact={contact}
        onClose={() => setEditing(false)}
        onSaved={() => router.refresh()}
      />
    </div>
  );
}
