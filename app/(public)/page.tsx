import { Suspense } from 'react';
import { SignInForm } from '@/components/auth/sign-in-form';

export const metadata = { title: 'Sign in | Client receivables dashboard' };

export default function SignInPage() {
  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in</h1>
        <p className="mt-1 text-sm text-slate-500">Client receivables dashboard</p>
        <Suspense>
          <SignInForm />
        </Suspense>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">Who owes you, how late, and what to do next.</p>
    </div>
  );
}
