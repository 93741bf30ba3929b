'use client';

import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { accountCalls } from '@/lib/contract/accounts';

/** Ends every session of the user (this one too), then back to sign-in. */
export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await callApi(accountCalls.signOutEverywhere, {});
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops every client-side cache of the signed-out user
      window.location.assign('/');
    } catch (err) {
      setError((await apiErrorMessage(err)).message);
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {confirming ? (
        <>
          <span className="text-sm text-slate-600">Sign out on every device, this one included?</span>
          <button
            type="button"
            onClick={signOut}
            disabled={busy}
            className="rounded-md bg-rose-600 px-3 py-2 text-sm font-semibold text-white hover:bg-rose-700 disabled:opacity-60"
          >
            {busy ? 'Signing out…' : 'Yes, sign out everywhere'}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Sign out everywhere
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
