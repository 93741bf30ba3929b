'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { accountCalls, ZResetPasswordBody } from '@/lib/contract/accounts';
import { Alert, Field, primaryButton } from './auth-card';

export const PASSWORD_HINT =
  'At least 8 characters. A few unrelated words make a strong password; very common passwords are refused.';

/** 'this link is incomplete' (a field's words) as the form's sentence; the server's already is one. */
const asSentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

/** A new password twice, for a reset link or an invitation (same token kind). */
export function ResetPasswordForm({ token, invite }: { token: string; invite: boolean }) {
  const form = useContractForm(ZResetPasswordBody);
  const { busy, fields } = form;
  // The token is no field the user can correct: its message (incomplete, used or expired link) is the form's.
  const error = fields.token ? asSentence(fields.token) : form.error;
  const [done, setDone] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = { token, password: text('password'), confirm: text('confirm') };
    void form.submit(event, body, async (input) => {
      await callApi(accountCalls.resetPassword, { body: input });
      setDone(true);
    });
  }

  if (done) {
    return (
      <div className="mt-6 space-y-4">
        <Alert kind="success">
          {invite ? 'Your password is set.' : 'Your password is changed, and every earlier session has ended.'} Sign in
          with it now.
        </Alert>
        <Link href="/" className={`${primaryButton} block text-center`}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {error && (
        <Alert kind="error">
          {error}
          {fields.token && (
            <>
              {' '}
              <Link href="/forgot_password" className="font-medium underline">
                Ask for a new link
              </Link>
              .
            </>
          )}
        </Alert>
      )}
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
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? 'Saving…' : invite ? 'Set password' : 'Change password'}
      </button>
    </form>
  );
}
