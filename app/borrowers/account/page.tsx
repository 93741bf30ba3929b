import Link from 'next/link';
import { formatInstant } from '@/lib/domain/instants';
import { pageGate } from '@/lib/backend/page-gate';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { PageHeader } from '@/components/ui/page-header';
import { SignOutEverywhere } from '@/components/account/sign-out-everywhere';
import { DigestSettings } from '@/components/account/digest-settings';
import { API_ACCESS } from '@/lib/contract/access';
import { satisfies } from '@/lib/domain/access';

export const metadata = { title: 'Account | Client receivables dashboard' };

export default async function AccountPage() {
  const { backend, clientSettings, session } = await pageGate();
  // The digest is the dashboard's figures: offered to those who may see the dashboard.
  const withDigest = satisfies(session, API_ACCESS.dashboard) && !session.customer;
  const [user, { timeZone }, digest] = await Promise.all([
    backend.auth.borrowerUser(),
    clientSettings(),
    withDigest ? backend.digest.subscription() : null,
  ]);
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Role', ROLE_NAMES[user.role as RoleCode] ?? user.role],
    ['Client', user.clientName],
    ['Last sign-in', user.lastSignInAt ? formatInstant(user.lastSignInAt, timeZone) : 'Never'],
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Account" description="Who you are signed in as, your email digest and your sessions." />
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
      {digest && (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" id="digest">
          <h3 className="text-sm font-semibold text-slate-900">Email digest</h3>
          <p className="mt-1 mb-4 text-sm text-slate-500">
            The dashboard&apos;s figures in your inbox each morning or once a week.
          </p>
          <DigestSettings initial={digest} />
          {satisfies(session, API_ACCESS.integrations) && (
            <p className="mt-4 border-t border-slate-100 pt-4 text-sm">
              <Link href="/borrowers/users/digests" className="font-medium text-brand-700 hover:underline">
                Digests sent to everyone
              </Link>
              <span className="text-slate-500"> — who got theirs, which could not be sent and why; retry them.</span>
            </p>
          )}
        </section>
      )}
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
