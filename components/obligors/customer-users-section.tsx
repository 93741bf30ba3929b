import { pageGate } from '@/lib/backend/page-gate';
import { CustomerUsersManager } from './customer-users-manager';

/**
 * The customer's portal users (admins only): who of its contacts may sign in to see this
 * customer's account, "Invite to portal", suspend, revoke their links, remove.
 */
export async function CustomerUsersSection({ code }: { code: string }) {
  const { backend } = await pageGate();
  const [users, contacts] = await Promise.all([
    backend.customerDoor.listUsers({ params: { code } }),
    backend.contacts.list({ query: { sysObligorCode: code, count: 100 } }),
  ]);
  const invitable = contacts.rows
    .filter((c) => c.sysObligorCode === code && c.email && !users.some((u) => u.email === c.email?.toLowerCase()))
    .map((c) => ({ id: c.id, name: c.name, email: c.email! }));
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="customer-users">
      <h3 className="text-sm font-semibold text-slate-900">Customer portal users</h3>
      <p className="mt-0.5 text-xs text-slate-500">
        People of this customer who sign in to see only its account (its whole family for a parent), pay and tell you
        what they paid. Reminders carry each a one-time link.
      </p>
      <CustomerUsersManager code={code} users={users} invitable={invitable} />
    </section>
  );
}
