import { formatInstant } from '@/lib/domain/instants';
import { ZAuditQuery, type TAuditChainCheck, type TAuditRow } from '@/lib/contract/personnel';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { API_ACCESS } from '@/lib/contract/access';
import { pageGate } from '@/lib/backend/page-gate';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { WarningBox } from '@/components/feedback/warning-box';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { PersonnelNav } from '@/components/users/personnel-nav';
import { AuditFilters } from '@/components/users/audit-filters';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, changedFields, shortValue } from '@/lib/domain/audit';

export const metadata = { title: 'Audit log | Client receivables dashboard' };

const PATH = '/borrowers/users/audit';

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
  if (d.counts && typeof d.counts === 'object') return importCounts(d);
  return '';
}

/** An import batch's counts: "SUCCEEDED · invoices 120 new, 3 changed · payments 40 new". */
function importCounts(d: Record<string, unknown>): string {
  const kinds = Object.entries(d.counts as Record<string, { inserted?: number; updated?: number }>).map(
    ([kind, c]) => `${kind} ${c.inserted ?? 0} new${c.updated ? `, ${c.updated} changed` : ''}`,
  );
  return [String(d.status ?? ''), ...kinds].filter(Boolean).join(' · ');
}

/** Before → after of each changed field, one line each. */
function Changes({ row }: { row: TAuditRow }) {
  const changes = changedFields(row.before, row.after);
  if (changes.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs">
      {changes.map((c) => (
        <li key={c.field}>
          {c.field && <span className="text-slate-400">{c.field}: </span>}
          <span className="text-rose-700 line-through decoration-rose-300">{shortValue(c.before)}</span>
          {' → '}
          <span className="text-emerald-700">{shortValue(c.after)}</span>
        </li>
      ))}
    </ul>
  );
}

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings } = await pageGate(API_ACCESS.manageUsers);
  const { timeZone } = await clientSettings();
  const params = flattenParams(await searchParams);
  // Walking the chain reads every entry (about 2.6 s for 200,000 on PostgreSQL): on demand only.
  const [people, chain] = await Promise.all([
    backend.personnel.clientUsers({}),
    params.check === '1' ? backend.personnel.auditCheck({ query: {} }) : null,
  ]);
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
                <Th>#</Th>
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
                  <Td className="tabular-nums text-slate-400">{r.seq}</Td>
                  <Td className="whitespace-nowrap tabular-nums">{formatInstant(r.at, timeZone)}</Td>
                  <Td className="font-medium text-slate-900">{AUDIT_ACTIONS[r.action] ?? r.action}</Td>
                  <Td>
                    {r.actorName ?? (
                      <span className="text-slate-400">{BY_LINK.has(r.action) ? 'by email link' : '—'}</span>
                    )}
                  </Td>
                  <Td>
                    {r.subjectEmail ?? (r.entity ? `${AUDIT_ENTITIES[r.entity] ?? r.entity} ${r.entityId ?? ''}` : '')}
                  </Td>
                  <Td className="max-w-md text-slate-500">
                    {describe(r.detail, timeZone)}
                    <Changes row={r} />
                  </Td>
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
        description="The edit log: every sign-in, access change, settings change and change to the ledger, with before and after. Nobody can alter or remove an entry; each is sealed with the one before it and kept for 8 years."
      />
      <PersonnelNav current={PATH} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <AuditFilters
          actions={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
          people={people.map((p) => ({ value: String(p.id), label: p.name }))}
          entities={Object.entries(AUDIT_ENTITIES)
            .filter(([value]) => value !== 'obligor')
            .map(([value, label]) => ({ value, label }))}
        />
        <div className="flex gap-2">
          <a
            href={`/api/user_management/audit_log/export.xlsx?${exportQuery(params)}`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Download Excel
          </a>
          <a
            href={`/api/user_management/audit_log/export.csv?${exportQuery(params)}`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Download CSV
          </a>
        </div>
      </div>
      {chain ? (
        <ChainStatus chain={chain} timeZone={timeZone} />
      ) : (
        <p className="mb-3 text-sm">
          <a
            href={`${PATH}?${new URLSearchParams({ ...params, check: '1' }).toString()}`}
            className="font-medium text-brand-600 hover:underline"
          >
            Check the chain
          </a>
          <span className="text-slate-500"> — walks every entry and names the first one changed or removed.</span>
        </p>
      )}
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">{body}</section>
    </div>
  );
}

/** The export carries the page's filters, not its paging. */
function exportQuery(params: Record<string, string>): string {
  const keep = ['action', 'userId', 'entity', 'fromDate', 'toDate'];
  return new URLSearchParams(Object.entries(params).filter(([k]) => keep.includes(k))).toString();
}

const CHAIN_REASONS = {
  altered: 'it no longer matches its seal (changed after it was written)',
  missing: 'the entry before it is missing',
  relinked: 'it is not linked to the entry before it',
} as const;

/** The chain's walk, as a line above the log: intact, or where it breaks. */
function ChainStatus({ chain, timeZone }: { chain: TAuditChainCheck; timeZone: string }) {
  if (chain.intact)
    return (
      <p className="mb-3 text-sm text-emerald-700" data-testid="audit-chain">
        ✓ Chain intact: {chain.entries.toLocaleString('en-IN')} entries checked
        {chain.firstSeq && chain.firstSeq > 1 ? ` (entries before #${chain.firstSeq} pruned after 8 years)` : ''}.
      </p>
    );
  const b = chain.brokenAt!;
  return (
    <p className="mb-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert" data-testid="audit-chain">
      The log has been tampered with: entry #{b.seq} of {formatInstant(b.at, timeZone)} is the first broken link —{' '}
      {CHAIN_REASONS[b.reason]}.
    </p>
  );
}
