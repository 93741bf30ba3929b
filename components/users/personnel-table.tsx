'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { personnelCalls, type TPersonRow, type TRole } from '@/lib/contract/personnel';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { formatInstant } from '@/lib/domain/instants';
import { useTimeZone } from '@/components/shell/client-clock';

/** People with their role (changeable in place) and status (deactivate / reactivate). */
export function PersonnelTable({ people, roles, selfId }: { people: TPersonRow[]; roles: TRole[]; selfId: number }) {
  const router = useRouter();
  const timeZone = useTimeZone();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);

  async function change(person: TPersonRow, call: () => Promise<unknown>, done: string) {
    setBusyId(person.id);
    setMessage(null);
    try {
      await call();
      setMessage({ kind: 'ok', text: done });
      router.refresh();
    } catch (err) {
      setMessage({ kind: 'error', text: (await apiErrorMessage(err)).message });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`mx-5 mt-4 rounded-md px-3 py-2 text-sm ${message.kind === 'error' ? 'bg-rose-50 text-rose-800' : 'bg-emerald-50 text-emerald-800'}`}
        >
          {message.text}
        </p>
      )}
      <DataTable label="Personnel" testId="personnel-table">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Status</Th>
            <Th>Last sign-in</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => {
            const self = person.id === selfId;
            const busy = busyId === person.id;
            return (
              <Tr key={person.id} data-user={person.email}>
                <Td className="font-medium text-slate-900">
                  {person.name}
                  {self && <span className="ml-1.5 text-xs font-normal text-slate-400">(you)</span>}
                </Td>
                <Td>{person.email}</Td>
                <Td>
                  {self ? (
                    person.roleName
                  ) : (
                    <select
                      aria-label={`Role of ${person.name}`}
                      value={person.roleId}
                      disabled={busy}
                      onChange={(e) => {
                        const role = roles.find((r) => r.id === Number(e.target.value));
                        const body = { roleId: Number(e.target.value) };
                        void change(
                          person,
                          () => callApi(personnelCalls.changeRole, { params: { id: person.id }, body }),
                          `${person.name} is now ${role?.name ?? 'in the new role'}; the change applies from their next request.`,
                        );
                      }}
                      className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
                    >
                      {roles.map((r) => (
                        <option key={r.id} value={r.id}>
                          {r.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Td>
                <Td>
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${person.status === 'ACTIVE' ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
                  >
                    {person.status === 'ACTIVE' ? 'Active' : 'Inactive'}
                  </span>
                  {person.locked && (
                    <span className="ml-1.5 inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
                      Locked
                    </span>
                  )}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  {/* An instant: the client's day and time (a sign-in at 01:30 IST is not the UTC day before). */}
                  {person.lastSignInAt ? formatInstant(person.lastSignInAt, timeZone) : 'Never'}
                </Td>
                <Td className="text-right">
                  {!self && (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        void change(
                          person,
                          () =>
                            callApi(personnelCalls.setStatus, {
                              params: { id: person.id },
                              body: { status: person.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' },
                            }),
                          person.status === 'ACTIVE'
                            ? `${person.name} is deactivated; their sessions have ended.`
                            : `${person.name} is active again.`,
                        )
                      }
                      className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
                    >
                      {person.status === 'ACTIVE' ? 'Deactivate' : 'Reactivate'}
                    </button>
                  )}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </DataTable>
    </>
  );
}
