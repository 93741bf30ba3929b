import { getDb } from '@/lib/db/client';
import { listRoles } from '@/lib/server/users/personnel';
import { roleMatrix } from '@/lib/server/users/role-permissions';
import { requirePersonnelSession } from '@/lib/server/users/personnel-page';
import { PageHeader } from '@/components/ui/page-header';
import { PersonnelNav } from '@/components/users/personnel-nav';
import { RolePermissionsEditor, type RoleMatrix } from '@/components/users/role-permissions-editor';

export const metadata = { title: 'Roles and permissions | Client receivables dashboard' };

export default async function Page() {
  const session = await requirePersonnelSession();
  const db = await getDb();
  const roles = await listRoles(db, session.clientId);
  // Start on the first role whose pages can be edited (admin and root hold everything).
  const first = roles.find((r) => r.code !== 'admin' && r.code !== 'root') ?? roles[0];
  const initial = first ? await roleMatrix(db, session.clientId, first.id) : null;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Manage personnel" description="The pages and permissions each role gives its users." />
      <PersonnelNav current="/borrowers/users/roles" />
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {initial ? <RolePermissionsEditor roles={roles} initial={initial as RoleMatrix} /> : <p className="text-sm text-slate-500">No roles.</p>}
      </section>
    </div>
  );
}
