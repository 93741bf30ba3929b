'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { customerDoorCalls, type TCustomerUser } from '@/lib/contract/customer-door';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { inputClass } from '@/components/contacts/form-field';
import { useToast } from '@/components/feedback/toast';

const small =
  'rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/** Invite a contact to the portal; suspend, reactivate, revoke links, remove a customer user. */
export function CustomerUsersManager({
  code,
  users,
  invitable,
}: {
  code: string;
  users: TCustomerUser[];
  invitable: { id: number; name: string; email: string }[];
}) {
  const [contactId, setContactId] = useState<number | ''>(invitable[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const toast = useToast();

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await run();
      toast(done);
      router.refresh();
    } catch (e) {
      setError((await apiErrorMessage(e)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 space-y-3">
      {users.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
          {users.map((u) => (
            <li
              key={u.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              data-testid="customer-user"
            >
              <span>
                <span className="font-medium text-slate-900">{u.name}</span>{' '}
                <span className="text-slate-500">{u.email}</span>
                {u.sysObligorCode !== code && <span className="ml-2 text-xs text-slate-500">({u.sysObligorCode})</span>}
                {u.status === 'INACTIVE' && (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Suspended</span>
                )}
              </span>
              <span className="flex gap-1.5">
                <button
                  type="button"
                  disabled={busy}
                  className={small}
                  onClick={() =>
                    void act(
                      () =>
                        callApi(customerDoorCalls.setStatus, {
                          params: { id: u.id },
                          body: { status: u.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' },
                        }),
                      u.status === 'ACTIVE' ? `${u.name} suspended` : `${u.name} reactivated`,
                    )
                  }
                >
                  {u.status === 'ACTIVE' ? 'Suspend' : 'Reactivate'}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  className={small}
                  onClick={() =>
                    void act(
                      () => callApi(customerDoorCalls.revokeLinks, { params: { id: u.id } }),
                      'Links in mails already sent no longer work',
                    )
                  }
                >
                  Revoke links
                </button>
                <button
                  type="button"
                  disabled={busy}
                  className={small}
                  onClick={() =>
                    void act(() => callApi(customerDoorCalls.remove, { params: { id: u.id } }), `${u.name} removed`)
                  }
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {invitable.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="invite-contact" className="block text-sm font-medium text-slate-700">
              Contact
            </label>
            <select
              id="invite-contact"
              value={contactId}
              onChange={(e) => setContactId(Number(e.target.value))}
              className={inputClass}
            >
              {invitable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.email})
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            disabled={busy || contactId === ''}
            className="h-9 rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
            onClick={() =>
              void act(
                () => callApi(customerDoorCalls.invite, { params: { code }, body: { contactId: Number(contactId) } }),
                'Invitation sent: the contact sets a password from the mail',
              )
            }
          >
            Invite to portal
          </button>
        </div>
      ) : (
        <p className="text-xs text-slate-500">No contact of this customer with an email is left to invite.</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
