import Link from 'next/link';

export const metadata = { title: 'Unlock account | Client receivables dashboard' };

export default function Page() {
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Unlock account</h1>
      <p className="mt-3 text-sm leading-6 text-slate-600">A locked account unlocks by itself 15 minutes after the last failed attempt. Unlock links by email are being switched on.</p>
      <Link href="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">Back to sign in</Link>
    </div>
  );
}
