'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { type FormEvent } from 'react';
import { authCalls, ZSignInBody } from '@/lib/contract/auth';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { takeReturnPath } from '@/lib/client/redirect-after-sign-in';
import { sameOriginPath } from '@/lib/domain/return-path';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-rose-400';

export function SignInForm() {
  const searchParams = useSearchParams();
  const form = useContractForm(ZSignInBody);
  const { busy, error, fields } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    void form.submit(event, { email: text('email'), password: text('password') }, async (body) => {
      const user = await callApi(authCalls.signIn, { body });
      // A deep link kept by the proxy, else the path saved on a 401, else the user's start page.
      const target = sameOriginPath(searchParams.get('next')) ?? sameOriginPath(takeReturnPath()) ?? user.landingPath;
      window.location.assign(target);
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          Work email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          className={inputClass}
          aria-invalid={Boolean(fields.email)}
          aria-describedby={fields.email ? 'email-error' : undefined}
        />
        {fields.email && (
          <p id="email-error" className="mt-1 text-xs text-rose-700">
            {fields.email}
          </p>
        )}
      </div>
      <div>
        <div className="flex items-center justify-between">
          <label htmlFor="password" className="block text-sm font-medium text-slate-700">
            Password
          </label>
          <Link href="/forgot_password" className="text-xs font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
          aria-invalid={Boolean(fields.password)}
          aria-describedby={fields.password ? 'password-error' : undefined}
        />
        {fields.password && (
          <p id="password-error" className="mt-1 text-xs text-rose-700">
            {fields.password}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
