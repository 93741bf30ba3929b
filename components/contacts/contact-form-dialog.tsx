'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import {
  contactCalls,
  CONTACT_ROLES,
  ZCreateContactBody,
  ZEditContactBody,
  type TContact,
} from '@/lib/contract/contacts';
import { SearchPicker, type Pick } from '@/components/tasks/search-picker';
import { FieldError, inputClass } from './form-field';

const toCustomer = (row: Record<string, unknown>): Pick => ({
  id: String(row.sysObligorCode),
  label: String(row.name),
  detail: [row.sysObligorCode, row.parentName, row.city].filter(Boolean).join(' · '),
});

/**
 * Adding or editing a contact person. The customer is fixed when the dialog is opened from a
 * customer (or for an edit), and searched otherwise. Field messages come from the API's 400.
 */
export function ContactFormDialog({
  open,
  onClose,
  onSaved,
  contact,
  obligor,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (contact: TContact) => void;
  /** The contact to edit; absent to add one. */
  contact?: TContact;
  /** The customer a new contact belongs to, when it is already known. */
  obligor?: { sysObligorCode: string; name: string };
}) {
  const fixed = contact ? { sysObligorCode: contact.sysObligorCode, name: contact.obligorName } : obligor;
  const [customer, setCustomer] = useState<Pick | null>(null);
  // An edit is checked with the edit's contract, a new contact with the create's.
  // A 404 on a save means the customer is not (or no longer) one the user may see.
  const form = useContractForm(contact ? ZEditContactBody : ZCreateContactBody, { notFoundField: 'sysObligorCode' });
  const { fields, error, busy } = form;

  function close() {
    setCustomer(null);
    form.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = {
      // Not chosen yet: the create contract's "choose a customer".
      sysObligorCode: fixed?.sysObligorCode ?? customer?.id ?? '',
      name: text('name'),
      role: text('role'),
      email: text('email'),
      phone: text('phone'),
    };
    void form.submit(event, body, async () => {
      const saved = contact
        ? await callApi(contactCalls.edit, { params: { id: contact.id }, body })
        : await callApi(contactCalls.create, { body });
      close();
      onSaved(saved);
    });
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {contact ? 'Edit contact' : 'Add contact'}
          </DialogTitle>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {error && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </p>
            )}
            {fixed ? (
              <div>
                <p className="block text-sm font-medium text-slate-700">Customer</p>
                <p className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900">
                  {fixed.name}
                  {fixed.name !== fixed.sysObligorCode && (
                    <span className="text-slate-500"> · {fixed.sysObligorCode}</span>
                  )}
                </p>
                <FieldError id="contact-customer-error" message={fields.sysObligorCode} />
              </div>
            ) : (
              <SearchPicker
                id="contact-customer"
                label="Customer"
                path="v3/parentobligors"
                param="obligorName"
                toPick={toCustomer}
                value={customer}
                onChange={setCustomer}
                error={fields.sysObligorCode}
                placeholder="Search by customer name or code"
              />
            )}
            <div>
              <label htmlFor="contact-name" className="block text-sm font-medium text-slate-700">
                Name
              </label>
              <input
                id="contact-name"
                name="name"
                required
                maxLength={120}
                defaultValue={contact?.name}
                placeholder="e.g. Rekha Agarwal"
                className={inputClass}
                aria-invalid={Boolean(fields.name)}
                aria-describedby="contact-name-error"
              />
              <FieldError id="contact-name-error" message={fields.name} />
            </div>
            <div>
              <label htmlFor="contact-role" className="block text-sm font-medium text-slate-700">
                Role <span className="font-normal text-slate-400">(optional)</span>
              </label>
              <input
                id="contact-role"
                name="role"
                list="contact-roles"
                maxLength={60}
                defaultValue={contact?.role ?? ''}
                placeholder="e.g. Accounts Payable"
                className={inputClass}
                aria-invalid={Boolean(fields.role)}
                aria-describedby="contact-role-error"
              />
              <datalist id="contact-roles">
                {CONTACT_ROLES.map((r) => (
                  <option key={r} value={r} />
                ))}
              </datalist>
              <FieldError id="contact-role-error" message={fields.role} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="contact-email" className="block text-sm font-medium text-slate-700">
                  Email
                </label>
                <input
                  id="contact-email"
                  name="email"
                  type="email"
                  maxLength={254}
                  defaultValue={contact?.email ?? ''}
                  placeholder="name@company.in"
                  className={inputClass}
                  aria-invalid={Boolean(fields.email)}
                  aria-describedby="contact-email-error"
                />
                <FieldError id="contact-email-error" message={fields.email} />
              </div>
              <div>
                <label htmlFor="contact-phone" className="block text-sm font-medium text-slate-700">
                  Phone
                </label>
                <input
                  id="contact-phone"
                  name="phone"
                  type="tel"
                  maxLength={30}
                  defaultValue={contact?.phone ?? ''}
                  placeholder="+91 98201 45678"
                  className={inputClass}
                  aria-invalid={Boolean(fields.phone)}
                  aria-describedby="contact-phone-error"
                />
                <FieldError id="contact-phone-error" message={fields.phone} />
              </div>
            </div>
            <p className="text-xs text-slate-500">Give an email, a phone number, or both.</p>
            <div className="flex justify-end gap-3 pt-2">
              <button
                type="button"
                onClick={close}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={busy}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {busy ? 'Saving…' : contact ? 'Save changes' : 'Add contact'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
