import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TWorklistQuery, TWorklistRow } from '@/lib/contract/collections';
import { bucketLabels } from '@/lib/domain/ageing';
import { ALL_OBLIGORS, isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { ratingLabel } from '@/lib/domain/rating';
import {
  NEXT_ACTION_LABELS,
  nextAction,
  worklistPriority,
  type OldestBucket,
  type WorklistFacts,
} from '@/lib/domain/worklist';
import { clientToday } from '@/lib/server/clients/client-day';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { familyRollup } from '@/lib/server/receivables/ageing-query';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { groupedRows } from '@/lib/server/receivables/list-receivables';

/** How far back a broken promise still raises a family's priority. */
const BROKEN_PROMISE_DAYS = 90;

interface FamilyFacts {
  code: string;
  name: string;
  city: string | null;
  collectorId: number | null;
  collectorName: string | null;
  overdue: string;
  outstanding: string;
  b1: string;
  b2: string;
  b3: string;
  b4: string;
  weightedRating: number | null;
  brokenPromises: number;
  promisedToday: string | null;
  nextPromiseDate: string | null;
  nextPromiseAmount: string | null;
  disputed: string | null;
  lastContactDate: string | null;
  daysSinceContact: number | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

/**
 * GET /collections/worklist: every family with something overdue today that the user may see (a
 * field officer: their customers; others: all, or one collector's with `collectorId`), with the
 * facts the priority rule reads (lib/domain/worklist.ts), ranked by it and paged. Today's rollups
 * give the amounts (a few thousand family rows); promises, disputes and contacts are small tables
 * aggregated per family. The rule runs here rather than in SQL so that it has one definition,
 * unit-tested by hand.
 */
export async function worklist(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: TWorklistQuery,
): Promise<{ rows: TWorklistRow[]; total: number }> {
  const today = await clientToday(db, clientId);
  const view = await ageingView(db, clientId, today);
  const collector = query.collectorId;
  // An assigned user sees their own customers whatever they ask; another collector's list is theirs alone.
  if (isScoped(scope) && collector !== undefined && (scope.role !== 'guest' || scope.userId !== collector))
    return { rows: [], total: 0 };
  const effective: ObligorScope =
    isScoped(scope) || collector === undefined ? scope : { kind: 'ASSIGNED', role: 'guest', userId: collector };
  const grouped =
    familyRollup(view, effective === ALL_OBLIGORS ? {} : { scope: effective }) ??
    groupedRows(view, { scope: effective });
  const search = query.search
    ? sql`and (p.name ilike ${`%${escapeLike(query.search)}%`} or p.sys_obligor_code ilike ${`%${escapeLike(query.search)}%`})`
    : sql``;
  const facts = await queryRows<FamilyFacts>(
    db,
    sql`
    with families as (
      select g."sysObligorCode" as code, g.overdue, g.outstanding, g."crdBucket1" as b1, g."crdBucket2" as b2,
        g."crdBucket3" as b3, g."crdBucket4" as b4, g."obligorWeightedRating" as weighted_rating
      from ${grouped} g where g.overdue > 0
    ),
    members as (
      select o.sys_obligor_code, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family_code
      from obligors o join families f on f.code = coalesce(o.parent_sys_obligor_code, o.sys_obligor_code)
      where o.client_id = ${clientId}
    ),
    promise_facts as (
      select m.family_code,
        count(*) filter (where pr.status in ('BROKEN', 'PARTIAL') and pr.promised_date >= ${today}::date - ${BROKEN_PROMISE_DAYS}::int)::int as broken,
        sum(pr.amount) filter (where pr.status = 'OPEN' and pr.promised_date = ${today}::date) as promised_today,
        min(pr.promised_date) filter (where pr.status = 'OPEN' and pr.promised_date > ${today}::date) as next_date
      from promises pr join members m on m.sys_obligor_code = pr.sys_obligor_code
      where pr.client_id = ${clientId} and (pr.status = 'OPEN' or pr.promised_date >= ${today}::date - ${BROKEN_PROMISE_DAYS}::int)
      group by m.family_code
    ),
    dispute_facts as (
      select m.family_code, sum(d.amount) as disputed
      from disputes d join members m on m.sys_obligor_code = d.sys_obligor_code
      where d.client_id = ${clientId} and d.status = 'OPEN'
      group by m.family_code
    ),
    contact_facts as (
      select m.family_code, max(c.comm_date) as last_contact
      from communications c join members m on m.sys_obligor_code = c.sys_obligor_code
      where c.client_id = ${clientId} and c.comm_date <= ${today}::date
      group by m.family_code
    )
    select f.code, p.name, p.city, p.guest_id as "collectorId", u.name as "collectorName",
      f.overdue, f.outstanding, f.b1, f.b2, f.b3, f.b4, f.weighted_rating::float8 as "weightedRating",
      coalesce(pf.broken, 0) as "brokenPromises", pf.promised_today as "promisedToday",
      to_char(pf.next_date, 'YYYY-MM-DD') as "nextPromiseDate",
      (select sum(n.amount) from promises n join members nm on nm.sys_obligor_code = n.sys_obligor_code
        where n.client_id = ${clientId} and nm.family_code = f.code and n.status = 'OPEN' and n.promised_date = pf.next_date) as "nextPromiseAmount",
      df.disputed, to_char(cf.last_contact, 'YYYY-MM-DD') as "lastContactDate",
      (${today}::date - cf.last_contact)::int as "daysSinceContact",
      coalesce(k.name, p.name) as "contactName", coalesce(k.phone, p.phone) as "contactPhone", coalesce(k.email, p.email) as "contactEmail"
    from families f
    join obligors p on p.client_id = ${clientId} and p.sys_obligor_code = f.code
    left join users u on u.client_id = ${clientId} and u.id = p.guest_id
    left join promise_facts pf on pf.family_code = f.code
    left join dispute_facts df on df.family_code = f.code
    left join contact_facts cf on cf.family_code = f.code
    left join lateral (
      select ct.name, ct.phone, ct.email from contacts ct
      where ct.client_id = ${clientId} and ct.sys_obligor_code = f.code and ct.phone is not null
      order by ct.id limit 1
    ) k on true
    where true ${search}`,
  );
  const labels = bucketLabels(view.boundaries, 'CREDIT_DATE');
  const ranked = facts.map((row) => {
    const worklistFacts = toFacts(row);
    return { row, worklistFacts, priority: 0 };
  });
  const largest = Math.max(0, ...ranked.map((r) => r.worklistFacts.overdue));
  for (const r of ranked) r.priority = worklistPriority(r.worklistFacts, largest);
  ranked.sort(
    (a, b) =>
      b.priority - a.priority || b.worklistFacts.overdue - a.worklistFacts.overdue || cmp(a.row.code, b.row.code),
  );
  const start = (query.offset - 1) * query.count;
  const rows = ranked.slice(start, start + query.count).map(({ row, worklistFacts: f, priority }, i) => {
    const action = nextAction(f);
    return {
      rank: start + i + 1,
      sysObligorCode: row.code,
      name: row.name,
      city: row.city,
      collectorId: row.collectorId,
      collectorName: row.collectorName,
      priority,
      nextAction: action,
      nextActionLabel: NEXT_ACTION_LABELS[action],
      overdue: f.overdue,
      outstanding: Number(row.outstanding),
      oldestBucket: f.oldestBucket,
      oldestBucketLabel: `${labels[`crdBucket${f.oldestBucket}`]} days`,
      rating: f.rating,
      brokenPromises: f.brokenPromises,
      promisedToday: f.promisedToday,
      nextPromiseDate: f.nextPromiseDate,
      nextPromiseAmount: f.nextPromiseAmount,
      disputed: f.disputed,
      lastContactDate: row.lastContactDate,
      daysSinceContact: f.daysSinceContact,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      contactEmail: row.contactEmail,
    };
  });
  return { rows, total: ranked.length };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function toFacts(row: FamilyFacts): WorklistFacts {
  const oldestBucket: OldestBucket = Number(row.b4) > 0 ? 4 : Number(row.b3) > 0 ? 3 : Number(row.b2) > 0 ? 2 : 1;
  const rating = ratingLabel(row.weightedRating == null ? null : Math.round(row.weightedRating));
  return {
    overdue: Number(row.overdue),
    oldestBucket,
    rating: rating === '-' ? null : rating,
    brokenPromises: Number(row.brokenPromises),
    promisedToday: Number(row.promisedToday ?? 0),
    nextPromiseDate: row.nextPromiseDate,
    nextPromiseAmount: Number(row.nextPromiseAmount ?? 0),
    disputed: Number(row.disputed ?? 0),
    daysSinceContact: row.daysSinceContact == null ? null : Number(row.daysSinceContact),
  };
}
