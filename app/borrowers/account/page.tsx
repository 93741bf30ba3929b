import Link from 'next/link';
import { formatInstant } from '@/lib/domain/instants';
import { pageGate } from '@/lib/backend/page-gate';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { PageHeader } from '@/components/ui/page-header';
import { SignOutEverywhere } from '@/components/account/sign-out-everywhere';

export const metadata = { title: 'Account | Client receivables dashboard' };

export default async function AccountPage() {
  const { backend, clientSettings } = await pageGate();
  const [user, { timeZone }] = await Promise.all([backend.auth.borrowerUser(), clientSettings()]);
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Role', ROLE_NAMES[user.role as RoleCode] ?? user.role],
    ['Client', user.clientName],
    ['Last sign-in', user.lastSignInAt ? formatInstant(user.lastSignInAt, timeZone) : 'Never'],
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Account" description="Who you are signed in as, and your sessions." />
      <dl
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
        data-testid="account-details"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-4 px-6 py-4 text-sm">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="col-span-2 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 className="text-sm font-semibold text-slate-900">Security</h3>
        <p className="mt-1 text-sm text-slate-500">
          Signed in on a shared or lost device? End every session of your account at once; you sign in again here.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <SignOutEverywhere />
          <Link href="/borrowers/change_password" className="text-sm font-medium text-brand-700 hover:underline">
            Change password
          </Link>
        </div>
      </section>
    </div>
  );
}
