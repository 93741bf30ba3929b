'use client';

import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { accountCalls } from '@/lib/contract/accounts';
import { Alert, Field, primaryButton } from './auth-card';
import { useSubmit } from './use-submit';

export function ForgotPasswordForm() {
  const { busy, error, fields, run } = useSubmit();
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const answer = await run(() => callApi(accountCalls.forgotPassword, { body: { email } }));
    if (answer) setSent(answer.message);
  }

  if (sent)
    return (
      <div className="mt-6">
        <Alert kind="success">{sent}</Alert>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {error && <Alert kind="error">{error}</Alert>}
      <Field id="email" label="Work email" type="email" autoComplete="username" required error={fields.email} />
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? 'Sending…' : 'Email me a reset link'}
      </button>
    </form>
  );
}
