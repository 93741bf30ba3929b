import { connection } from 'next/server';
import { Suspense } from 'react';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SSO_MESSAGES, SsoButton } from '@/components/auth/sso-button';
import { Alert } from '@/components/auth/auth-card';
import { sameOriginPath } from '@/lib/domain/return-path';
import { oidcEnabled } from '@/lib/server/auth/oidc';

export const metadata = { title: 'Sign in | Client receivables dashboard' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection(); // SSO is offered by the server's environment at request time, not at build time
  const params = await searchParams;
  const ssoMessage = typeof params.sso === 'string' ? SSO_MESSAGES[params.sso] : undefined;
  const next = typeof params.next === 'string' ? (sameOriginPath(params.next) ?? undefined) : undefined;
  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in</h1>
        <p className="mt-1 text-sm text-slate-500">Client receivables dashboard</p>
        {ssoMessage && (
          <div className="mt-4">
            <Alert kind="error">{ssoMessage}</Alert>
          </div>
        )}
        <Suspense>
          <SignInForm />
        </Suspense>
        {oidcEnabled() && <SsoButton next={next} />}
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">Who owes you, how late, and what to do next.</p>
    </div>
  );
}
