'use client';

import Link from 'next/link';
import { useState } from 'react';
import { callApi } from '@/lib/client/api';
import { accountCalls } from '@/lib/contract/accounts';
import { Alert, primaryButton } from './auth-card';
import { useSubmit } from './use-submit';

/** One button: the unlock is a POST, so a mail scanner that opens the link unlocks nothing. */
export function UnlockAccountForm({ token }: { token: string }) {
  const { busy, error, run } = useSubmit();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <div className="mt-6 space-y-4">
        <Alert kind="success">
          Your account is unlocked. Sign in again; if you do not remember the password, reset it.
        </Alert>
        <Link href="/" className={`${primaryButton} block text-center`}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-6 space-y-4">
      {error && <Alert kind="error">{error}</Alert>}
      <button
        type="button"
        disabled={busy}
        className={primaryButton}
        onClick={async () => {
          if (await run(() => callApi(accountCalls.unlockAccount, { body: { token } }))) setDone(true);
        }}
      >
        {busy ? 'Unlocking…' : 'Unlock my account'}
      </button>
    </div>
  );
}
