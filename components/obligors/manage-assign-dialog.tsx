'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { manageCustomerCalls, ZAssignObligorBody, type TManagedObligorRow } from '@/lib/contract/manage-customers';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { SearchPicker, type Pick } from '@/components/tasks/search-picker';

type Field = 'guestId' | 'representativeId' | 'rmId';

const toUser = (row: Record<string, unknown>): Pick => ({
  id: String(row.id),
  label: String(row.name),
  detail: `${row.email} · ${ROLE_NAMES[String(row.role)] ?? row.role}`,
});
export const ROLE_NAMES: Record<string, string> = {
  guest: 'field officer',
  representative: 'area sales manager',
  admin: 'admin',
  root: 'admin',
  member: 'finance staff',
};

const FIELDS: { field: Field; name: 'guestName' | 'representativeName' | 'rmName'; label: string; hint: string }[] = [
  { field: 'guestId', name: 'guestName', label: 'Field officer', hint: 'a user with the field officer role' },
  {
    field: 'representativeId',
    name: 'representativeName',
    label: 'Area sales manager',
    hint: 'a user with the area sales manager role',
  },
  { field: 'rmId', name: 'rmName', label: 'Relationship manager', hint: 'any active user of your company' },
];

function initialPicks(row: TManagedObligorRow): Record<Field, Pick | null> {
  const pick = (id: number | null, name: string | null) =>
    id == null ? null : { id: String(id), label: name ?? `User ${id}` };
  return {
    guestId: pick(row.guestId, row.guestName),
    representativeId: pick(row.representativeId, row.representativeName),
    rmId: pick(row.rmId, row.rmName),
  };
}

/**
 * 'Assign' on a row of the manage-customer list: sets or clears the obligor's field officer, area
 * sales manager and relationship manager. Only what changed is sent, so an assignment the user did
 * not touch (say, to someone since deactivated) is left as it is; the server's field messages
 * show under their pickers.
 */
export function AssignDialog({
  row,
  onAssigned,
}: {
  row: TManagedObligorRow;
  onAssigned: (row: TManagedObligorRow) => void;
}) {
  const [open, setOpen] = useState(false);
  const [picks, setPicks] = useState(() => initialPicks(row));
  const form = useContractForm(ZAssignObligorBody);
  const { fields, error, busy } = form;

  const start = () => {
    setPicks(initialPicks(row));
    form.reset();
    setOpen(true);
  };
  const changes = () => {
    const out: Partial<Record<Field, number | null>> = {};
    for (const { field } of FIELDS) {
      const id = picks[field] ? Number(picks[field]!.id) : null;
      if (id !== row[field]) out[field] = id;
    }
    return out;
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = changes();
    if (Object.keys(input).length === 0) {
      event.preventDefault();
      return setOpen(false);
    }
    // The picker's role rule (a field officer for the field officer) needs the user's role: the server's message.
    void form.submit(event, input, async (body) => {
      const updated = await callApi(manageCustomerCalls.assign, { params: { code: row.sysObligorCode }, body });
      setOpen(false);
      onAssigned(updated);
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={start}
        data-assign={row.sysObligorCode}
        className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        Assign
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
        <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
          <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-slate-900">Assign people to {row.name}</DialogTitle>
            <p className="mt-1 text-sm text-slate-500">
              {row.sysObligorCode}
              {row.parentName ? ` · family of ${row.parentName}` : ' · parent obligor'}
            </p>
            <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
              {error && (
                <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                  {error}
                </p>
              )}
              {FIELDS.map(({ field, label, hint }) => (
                <div key={field}>
                  <SearchPicker
                    id={`assign-${field}`}
                    label={label}
                    path="users"
                    param="nameOrEmail"
                    toPick={toUser}
                    value={picks[field]}
                    error={fields[field]}
                    placeholder="Search by name or email"
                    onChange={(pick) => {
                      setPicks((p) => ({ ...p, [field]: pick }));
                      form.clear(field);
                    }}
                  />
                  {/* The picker shows its error only while searching; a refused pick keeps its message here. */}
                  {picks[field] && fields[field] && (
                    <p role="alert" className="mt-1 text-xs text-rose-700">
                      {fields[field]}
                    </p>
                  )}
                  {!picks[field] && (
                    <p className="mt-1 text-xs text-slate-500">Choose {hint}, or leave empty for nobody.</p>
                  )}
                </div>
              ))}
              <div className="flex justify-end gap-3 pt-2">
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
                >
                  {busy ? 'Saving…' : 'Save'}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
