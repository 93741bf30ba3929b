'use client';

import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { accountCalls, ZForgotPasswordBody } from '@/lib/contract/accounts';
import { Alert, Field, primaryButton } from './auth-card';

export function ForgotPasswordForm() {
  const form = useContractForm(ZForgotPasswordBody);
  const { busy, error, fields } = form;
  const [sent, setSent] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    void form.submit(event, { email }, async (body) => {
      const answer = await callApi(accountCalls.forgotPassword, { body });
      setSent(answer.message);
    });
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
