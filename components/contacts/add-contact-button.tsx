'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ContactFormDialog } from './contact-form-dialog';

/** 'Add contact' on the contacts page: the new contact's page opens once it is saved. */
export function AddContactButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Add contact
      </button>
      <ContactFormDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(contact) => router.push(`/borrowers/contacts/${contact.id}`)}
      />
    </>
  );
}
