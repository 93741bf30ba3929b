'use client';

import { useRef, useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { accountCalls, ZChangePasswordBody } from '@/lib/contract/accounts';
import { Alert, Field, primaryButton } from '@/components/auth/auth-card';
import { PASSWORD_HINT } from '@/components/auth/reset-password-form';

export function ChangePasswordForm() {
  const contract = useContractForm(ZChangePasswordBody);
  const { busy, error, fields } = contract;
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = { currentPassword: text('currentPassword'), password: text('password'), confirm: text('confirm') };
    setDone(false);
    void contract.submit(event, body, async (input) => {
      await callApi(accountCalls.changePassword, { body: input });
      setDone(true);
      form.current?.reset();
    });
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert kind="error">{error}</Alert>}
      {done && <Alert kind="success">Password changed. Your other sessions have ended; this one goes on.</Alert>}
      <Field
        id="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={fields.currentPassword}
      />
      <Field
        id="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={fields.password}
        hint={PASSWORD_HINT}
      />
      <Field
        id="confirm"
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={fields.confirm}
      />
      <button type="submit" disabled={busy} className={`${primaryButton} sm:w-auto`}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
