import { format } from 'date-fns';
import { getDb } from '@/lib/db/client';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { requirePageSession } from '@/lib/server/auth/page-session';
import { findUser } from '@/lib/server/users/load-user';

export const metadata = { title: 'Account | Client receivables dashboard' };

export default async function AccountPage() {
  const session = await requirePageSession();
  const user = await findUser(await getDb(), session.clientId, session.userId);
  if (!user) return null;
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Role', ROLE_NAMES[user.role as RoleCode] ?? user.role],
    ['Company', user.clientName],
    ['Last sign-in', user.lastSignInAt ? format(user.lastSignInAt, 'd MMM yyyy, h:mm a') : 'Never'],
  ];
  return (
    <section className="mx-auto max-w-2xl">
      <h2 className="text-2xl font-semibold tracking-tight text-slate-900">Account</h2>
      <dl className="mt-6 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-4 px-6 py-4 text-sm">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="col-span-2 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
