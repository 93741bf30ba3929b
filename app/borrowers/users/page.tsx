import { API_ACCESS } from '@/lib/contract/access';
import { ZPersonnelQuery } from '@/lib/contract/personnel';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ParamSelect } from '@/components/ui/param-select';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { InviteUserDialog } from '@/components/users/invite-user-dialog';
import { PersonnelNav } from '@/components/users/personnel-nav';
import { PersonnelSearch } from '@/components/users/personnel-search';
import { PersonnelTable } from '@/components/users/personnel-table';

export const metadata = { title: 'Manage Personnel | Client receivables dashboard' };

const PATH = '/borrowers/users';

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { session, backend } = await pageGate(API_ACCESS.manageUsers);
  const params = flattenParams(await searchParams);
  const roles = await backend.personnel.roles();
  const invalid = checkLink(ZPersonnelQuery, params);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Manage personnel"
        description="Who may sign in for your company, with which role; invite, change roles, deactivate."
        actions={<InviteUserDialog roles={roles} />}
      />
      <PersonnelNav current={PATH} />
      <div className="mb-4 flex flex-wrap items-start gap-4">
        <PersonnelSearch />
        <ParamSelect name="roleId" label="Role" options={roles.map((r) => ({ value: String(r.id), label: r.name }))} />
        <ParamSelect
          name="status"
          label="Status"
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
          ]}
        />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {invalid ? (
          <div className="p-5">
            <InvalidLink message={invalid} resetHref={PATH} />
          </div>
        ) : (
          await people()
        )}
      </section>
    </div>
  );

  async function people() {
    try {
      const query = ZPersonnelQuery.parse(params);
      const { rows, total } = await backend.personnel.people({ query: params });
      if (rows.length === 0)
        return (
          <div className="p-5">
            <WarningBox kind="empty" />
          </div>
        );
      return (
        <>
          <PersonnelTable people={rows} roles={roles} selfId={session.userId} />
          <Pagination
            total={total}
            page={query.offset}
            count={query.count}
            pathname={PATH}
            params={params}
            noun="people"
          />
        </>
      );
    } catch (error) {
      console.error('Error fetching personnel', error);
      return (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      );
    }
  }
}
