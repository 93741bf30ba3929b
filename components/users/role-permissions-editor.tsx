'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import {
  personnelCalls,
  ZRolePermissionsBody,
  type TMatrixEntry,
  type TRole,
  type TRoleMatrix,
} from '@/lib/contract/personnel';

/**
 * One role's page permissions as tick boxes. A dirty flag guards unsaved edits: switching role,
 * leaving or reloading the page asks first. Saving applies the row to every user of the role.
 */
export function RolePermissionsEditor({ roles, initial }: { roles: TRole[]; initial: TRoleMatrix }) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial.permissions);
  const form = useContractForm(ZRolePermissionsBody);
  const { busy } = form;
  const [done, setDone] = useState<string | null>(null);
  // Tick boxes leave no field to mark; the contract's or the server's message is the form's.
  const problem = Object.values(form.fields)[0] ?? form.error;
  const message = problem
    ? ({ kind: 'error', text: problem } as const)
    : done
      ? ({ kind: 'ok', text: done } as const)
      : null;
  const clearMessage = () => {
    setDone(null);
    form.reset();
  };
  const dirty = draft.some((p, i) => p.accessValue !== saved.permissions[i]?.accessValue);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  async function load(roleId: number) {
    if (dirty && !window.confirm('Discard your unsaved changes to this role?')) return;
    clearMessage();
    const next = await callApi(personnelCalls.roleMatrix, { params: { role_id: roleId } });
    setSaved(next);
    setDraft(next.permissions);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    setDone(null);
    const permissions = draft.map(({ featureType, accessValue }) => ({ featureType, accessValue }));
    const params = { role_id: saved.role.id };
    void form.submit(event, { permissions }, async (body) => {
      const next = await callApi(personnelCalls.saveRoleMatrix, { params, body });
      setSaved(next);
      setDraft(next.permissions);
      setDone(
        `Saved. ${next.usersUpdated} user${next.usersUpdated === 1 ? '' : 's'} of this role get the new pages from their next request (they sign in again).`,
      );
    });
  }

  const group = (kind: TMatrixEntry['kind']) => draft.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === kind);
  const locked = (p: TMatrixEntry) => !saved.editable || p.featureType === 'MANAGE_USERS';

  return (
    <form onSubmit={save} noValidate className="space-y-5">
      <label className="flex max-w-xs flex-col gap-1 text-xs font-medium text-slate-500">
        Role
        <select
          value={saved.role.id}
          onChange={(e) => void load(Number(e.target.value))}
          className="h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-normal text-slate-900 shadow-sm"
        >
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} ({r.users} user{r.users === 1 ? '' : 's'})
            </option>
          ))}
        </select>
      </label>
      {!saved.editable && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {saved.role.name} always sees every page and holds every permission.
        </p>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        {(['PAGE', 'PERMISSION'] as const).map((kind) => (
          <fieldset key={kind} className="rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {kind === 'PAGE' ? 'Pages' : 'Permissions'}
            </legend>
            <div className="mt-1 space-y-2">
              {group(kind).map(({ p, i }) => (
                <label
                  key={p.featureType}
                  className={`flex items-center gap-2.5 text-sm ${locked(p) ? 'text-slate-400' : 'text-slate-700'}`}
                >
                  <input
                    type="checkbox"
                    checked={p.accessValue}
                    disabled={locked(p)}
                    onChange={(e) =>
                      setDraft((all) => all.map((x, j) => (j === i ? { ...x, accessValue: e.target.checked } : x)))
                    }
                    className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                  />
                  {p.label}
                  {p.featureType === 'MANAGE_USERS' && saved.editable && (
                    <span className="text-xs">(administrator and root only)</span>
                  )}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`rounded-md px-3 py-2 text-sm ${message.kind === 'error' ? 'bg-rose-50 text-rose-800' : 'bg-emerald-50 text-emerald-800'}`}
        >
          {message.text}
        </p>
      )}
      {saved.editable && (
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={!dirty || busy}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-50"
          >
            {busy ? 'Saving…' : 'Save permissions'}
          </button>
          <button
            type="button"
            onClick={() => {
              setDraft(saved.permissions);
              clearMessage();
            }}
            disabled={!dirty || busy}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-50"
          >
            Discard changes
          </button>
          {dirty && (
            <span className="text-sm text-amber-700" data-testid="unsaved">
              Unsaved changes
            </span>
          )}
        </div>
      )}
    </form>
  );
}
