import { ZDigestSendsQuery } from '@/lib/contract/digest';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { API_ACCESS } from '@/lib/contract/access';
import { pageGate } from '@/lib/backend/page-gate';
import { DIGEST_HOUR } from '@/lib/domain/digest';
import { WarningBox } from '@/components/feedback/warning-box';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { PersonnelNav } from '@/components/users/personnel-nav';
import { DigestFilters } from '@/components/users/digest-filters';
import { DigestSendsTable } from '@/components/users/digest-sends-table';
import { RetryFailedDigests } from '@/components/users/retry-failed-digests';

export const metadata = { title: 'Digests sent | Client receivables dashboard' };

const PATH = '/borrowers/users/digests';

/**
 * Every user's email digests, for administrators. A tab of Manage personnel rather than a part of
 * the account page: the account page is the signed-in user's own (their digest and its last sends
 * are there already), while "did the team get its figures, and why not" is asked about other
 * people, where an administrator manages them and reads the audit log; and it needs the same
 * permission (MANAGE_USERS) as these pages and as running the digests.
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings } = await pageGate(API_ACCESS.integrations);
  const { timeZone } = await clientSettings();
  const params = flattenParams(await searchParams);
  const invalid = checkLink(ZDigestSendsQuery, params);
  const query = invalid ? null : ZDigestSendsQuery.parse({ count: 25, ...params });
  const [failed, list] = await Promise.all([
    backend.digest.sends({ query: { status: 'FAILED', count: 1 } }),
    query ? backend.digest.sends({ query }) : null,
  ]);
  const filtered = Boolean(params.status || params.fromDate || params.toDate);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Manage personnel"
        description={`The email digests sent to your team, newest first: each user's daily or weekly digest goes at ${String(DIGEST_HOUR).padStart(2, '0')}:00 (${timeZone} time). A failed one shows why; Retry failed sends it again, as of its own day.`}
      />
      <PersonnelNav current={PATH} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <DigestFilters />
        <RetryFailedDigests failed={failed.total} />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {!query || !list ? (
          <div className="p-5">
            <InvalidLink message={invalid ?? ''} resetHref={PATH} />
          </div>
        ) : list.rows.length === 0 ? (
          <div className="p-5">
            <WarningBox
              kind="empty"
              message={filtered ? 'No digest matches these filters.' : 'No digest has been sent yet.'}
            />
          </div>
        ) : (
          <>
            <DigestSendsTable rows={list.rows} timeZone={timeZone} />
            <Pagination
              total={list.total}
              page={query.offset}
              count={query.count}
              pathname={PATH}
              params={params}
              noun="digests"
            />
          </>
        )}
      </section>
    </div>
  );
}
