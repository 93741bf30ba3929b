import { API_ACCESS } from '@/lib/contract/access';
import { pageGate } from '@/lib/backend/page-gate';
import { PageHeader } from '@/components/ui/page-header';
import { PersonnelNav } from '@/components/users/personnel-nav';
import { RolePermissionsEditor } from '@/components/users/role-permissions-editor';

export const metadata = { title: 'Roles and permissions | Client receivables dashboard' };

export default async function Page() {
  const { backend } = await pageGate(API_ACCESS.manageUsers);
  const roles = await backend.personnel.roles();
  // Start on the first role whose pages can be edited (admin and root hold everything).
  const first = roles.find((r) => r.code !== 'admin' && r.code !== 'root') ?? roles[0];
  const initial = first ? await backend.personnel.roleMatrix({ params: { role_id: first.id } }) : null;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Manage personnel" description="The pages and permissions each role gives its users." />
      <PersonnelNav current="/borrowers/users/roles" />
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {initial ? (
          <RolePermissionsEditor roles={roles} initial={initial} />
        ) : (
          <p className="text-sm text-slate-500">No roles.</p>
        )}
      </section>
    </div>
  );
}
