import { formatInstant } from '@/lib/domain/instants';
import { ZAuditQuery } from '@/lib/contract/personnel';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { API_ACCESS } from '@/lib/contract/access';
import { pageGate } from '@/lib/backend/page-gate';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { WarningBox } from '@/components/feedback/warning-box';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ParamSelect } from '@/components/ui/param-select';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { PersonnelNav } from '@/components/users/personnel-nav';

export const metadata = { title: 'Audit log | Client receivables dashboard' };

const PATH = '/borrowers/users/audit';
const ACTIONS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_sso: 'Signed in (company SSO)',
  sign_in_failed: 'Failed sign-in',
  account_locked: 'Account locked',
  account_unlocked: 'Account unlocked',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  signed_out_everywhere: 'Signed out everywhere',
  user_invited: 'User invited',
  role_changed: 'Role changed',
  user_deactivated: 'User deactivated',
  user_reactivated: 'User reactivated',
  role_permissions_changed: 'Role permissions changed',
  task_created: 'Task created',
  task_closed: 'Task closed',
};

const roleName = (code: unknown) => ROLE_NAMES[code as RoleCode] ?? String(code);
/** Events done through an emailed link, with nobody signed in. */
const BY_LINK = new Set(['password_reset', 'password_reset_requested', 'account_unlocked']);

function describe(detail: unknown, timeZone: string): string {
  if (!detail || typeof detail !== 'object') return '';
  const d = detail as Record<string, unknown>;
  if (d.from && d.to) return `${roleName(d.from)} → ${roleName(d.to)}`;
  if (Array.isArray(d.granted)) return `${roleName(d.role)}: ${d.granted.join(', ') || 'nothing'} (${d.users} users)`;
  if (d.attempt) return `attempt ${d.attempt}`;
  if (d.until) return `until ${formatInstant(String(d.until), timeZone, 'time')}`;
  return '';
}

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings } = await pageGate(API_ACCESS.manageUsers);
  const { timeZone } = await clientSettings();
  const params = flattenParams(await searchParams);
  const invalid = checkLink(ZAuditQuery, params);
  let body;
  if (invalid)
    body = (
      <div className="p-5">
        <InvalidLink message={invalid} resetHref={PATH} />
      </div>
    );
  else {
    const input = { count: 25, ...params };
    const query = ZAuditQuery.parse(input);
    const { rows, total } = await backend.personnel.auditLog({ query: input });
    body =
      rows.length === 0 ? (
        <div className="p-5">
          <WarningBox kind="empty" />
        </div>
      ) : (
        <>
          <DataTable label="Audit log" testId="audit-log">
            <thead>
              <tr>
                <Th>When</Th>
                <Th>What</Th>
                <Th>By</Th>
                <Th>Concerning</Th>
                <Th>Detail</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Tr key={r.id}>
                  <Td className="whitespace-nowrap tabular-nums">{formatInstant(r.at, timeZone)}</Td>
                  <Td className="font-medium text-slate-900">{ACTIONS[r.action] ?? r.action}</Td>
                  <Td>
                    {r.actorName ?? (
                      <span className="text-slate-400">{BY_LINK.has(r.action) ? 'by email link' : '—'}</span>
                    )}
                  </Td>
                  <Td>{r.subjectEmail ?? (r.entity ? `${r.entity} ${r.entityId}` : '')}</Td>
                  <Td className="text-slate-500">{describe(r.detail, timeZone)}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            total={total}
            page={query.offset}
            count={query.count}
            pathname={PATH}
            params={params}
            noun="entries"
          />
        </>
      );
  }
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Manage personnel"
        description="Every security-relevant event of your company: sign-ins, failures, lockouts, resets and access changes."
      />
      <PersonnelNav current={PATH} />
      <div className="mb-4 flex">
        <ParamSelect
          name="action"
          label="Event"
          options={Object.entries(ACTIONS).map(([value, label]) => ({ value, label }))}
        />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">{body}</section>
    </div>
  );
}
