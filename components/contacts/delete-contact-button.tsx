'use client';

import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { contactCalls, type TContact } from '@/lib/contract/contacts';
import { ConfirmDialog } from './confirm-dialog';

/** Delete with a confirmation naming the person and the customer. */
export function DeleteContactButton({
  contact,
  onDeleted,
  className,
}: {
  contact: TContact;
  onDeleted: () => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await callApi(contactCalls.remove, { params: { id: contact.id } });
      setOpen(false);
      onDeleted();
    } catch (err) {
      setError((await apiErrorMessage(err)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${contact.name}`}
        className={
          className ??
          'rounded-md border border-rose-200 px-3 py-1.5 text-sm font-medium text-rose-700 hover:bg-rose-50'
        }
      >
        Delete
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        error={error}
        confirmLabel="Delete contact"
        title={`Delete ${contact.name}?`}
        message={`${contact.name} will no longer be listed as a contact of ${contact.obligorName}. This cannot be undone.`}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      />
    </>
  );
}
