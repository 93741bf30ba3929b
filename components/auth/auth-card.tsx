import Link from 'next/link';
import type { ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-rose-400';
export const primaryButton =
  'w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60';

/** The card of the unauthenticated screens (sign-in, recovery, unlock). */
export function AuthCard({
  title,
  intro,
  children,
  back = true,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  back?: boolean;
}) {
  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-sm leading-6 text-slate-600">{intro}</p>}
        {children}
      </div>
      {back && (
        <p className="mt-6 text-center text-sm">
          <Link href="/" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      )}
    </div>
  );
}

/** A labelled input with its field message underneath. */
export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={id}
        className={inputClass}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Alert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  const tone = kind === 'error' ? 'bg-rose-50 text-rose-800' : 'bg-emerald-50 text-emerald-800';
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md px-3 py-2 text-sm ${tone}`}>
      {children}
    </p>
  );
}
