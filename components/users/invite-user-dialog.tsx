'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { personnelCalls, ZInviteUserBody, type TRole } from '@/lib/contract/personnel';
import { Alert, Field, inputClass } from '@/components/auth/auth-card';

/** Invite: the person gets an email with a link to set their password (valid 3 days, once). */
export function InviteUserDialog({ roles }: { roles: TRole[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useContractForm(ZInviteUserBody);
  const { busy, error, fields } = form;
  const close = () => {
    setOpen(false);
    setSentTo(null);
    form.reset();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = { name: text('name'), email: text('email'), phone: text('phone'), roleId: text('roleId') };
    void form.submit(event, body, async (input) => {
      const user = await callApi(personnelCalls.invite, { body: input });
      setSentTo(user.email);
      router.refresh();
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Invite user
      </button>
      <Dialog open={open} onClose={close} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
        <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
          <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-slate-900">Invite a user</DialogTitle>
            {sentTo ? (
              <div className="mt-5 space-y-4">
                <Alert kind="success">
                  Invitation sent to {sentTo}. The link to set a password works once, within 3 days.
                </Alert>
                <div className="flex justify-end">
                  <button
                    type="button"
                    onClick={close}
                    className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    Done
                  </button>
                </div>
              </div>
            ) : (
              <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
                {error && <Alert kind="error">{error}</Alert>}
                <Field id="name" label="Full name" required maxLength={120} error={fields.name} />
                <Field id="email" label="Work email" type="email" required error={fields.email} />
                <Field id="phone" label="Mobile (optional)" type="tel" maxLength={20} error={fields.phone} />
                <div>
                  <label htmlFor="roleId" className="block text-sm font-medium text-slate-700">
                    Role
                  </label>
                  <select
                    id="roleId"
                    name="roleId"
                    className={inputClass}
                    defaultValue={roles.find((r) => r.code === 'member')?.id}
                  >
                    {roles.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                  <p className="mt-1 text-xs text-slate-500">
                    The user gets the pages of the role; edit them under Roles and page permissions.
                  </p>
                </div>
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
                    {busy ? 'Sending…' : 'Send invitation'}
                  </button>
                </div>
              </form>
            )}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
