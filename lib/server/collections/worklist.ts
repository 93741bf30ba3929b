import 'server-only';
import type { TRemittance } from '@/lib/contract/customer-door';
import { latestAdvices } from '@/lib/server/customer-door/remittances';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import type { TWorklistQuery, TWorklistRow } from '@/lib/contract/collections';
import { bucketTitle, netDue } from '@/lib/domain/ageing';
import { ALL_OBLIGORS, isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { ratingLabel } from '@/lib/domain/rating';
import { NEXT_ACTION_LABELS, nextAction, worklistPriority, type WorklistFacts } from '@/lib/domain/worklist';
import { clientToday } from '@/lib/server/clients/client-day';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { behaviourFrom, daysLate, paidOffIn } from '@/lib/server/behaviour/payment-behaviour';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { familyRollup } from '@/lib/server/receivables/ageing-query';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { groupedRows } from '@/lib/server/receivables/list-receivables';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';

/** How far back a cheque returned unpaid still raises a family's priority (12 months). */
const BOUNCE_DAYS = 365;
/** How far back a broken promise still raises a family's priority. */
const BROKEN_PROMISE_DAYS = 90;
/**
 * Silence earns its last point at 30 days (lib/domain/worklist.ts), and every action threshold is
 * below that: ranking reads only the last 30 days of communications; the page's rows get their exact
 * last contact afterwards.
 */
const SILENCE_DAYS = 30;

/** What the rule needs of each family: few columns, as the whole list is ranked. */
const RankingFacts = row({
  code: col.text,
  overdue: col.num,
  /** Receipts on account not yet allocated to bills (zero or negative), deducted from the overdue. */
  unallocated: col.num.nullable(),
  /** The oldest credit bucket with money in it (lib/domain/worklist.ts OldestBucket). */
  oldest: z.literal([1, 2, 3, 4]),
  rating: col.int.nullable(),
  broken: col.int,
  promisedToday: col.num.nullable(),
  nextPromiseDate: col.day.nullable(),
  disputed: col.num.nullable(),
  bounced: col.int.nullable(),
});

/** What the page shows of its rows beyond the ranking facts. */
const RowDetails = row({
  code: col.text,
  name: col.text,
  city: col.text.nullable(),
  collectorId: col.int.nullable(),
  collectorName: col.text.nullable(),
  outstanding: col.num,
  nextPromiseAmount: col.num.nullable(),
  lastContactDate: col.day.nullable(),
  averageDaysLate: col.num.nullable(),
  actOnCode: col.text,
  actOnName: col.text,
  contactName: col.text.nullable(),
  contactPhone: col.text.nullable(),
  contactEmail: col.text.nullable(),
});

/** The family of each row of a small table with sys_obligor_code (`t`), by the obligors' primary key. */
const familyOf = (clientId: number, table: SQL, alias: SQL) =>
  sql`${table} ${alias} join obligors fo on fo.client_id = ${clientId} and fo.sys_obligor_code = ${alias}.sys_obligor_code`;
const FAMILY = sql`coalesce(fo.parent_sys_obligor_code, fo.sys_obligor_code)`;

/**
 * GET /collections/worklist: every family with something overdue today that the user may see (a
 * field officer: their customers; others: all, or one collector's with `collectorId`), ranked by the
 * rule of lib/domain/worklist.ts and paged. Overdue (and outstanding) are net of the family's
 * receipts on account not yet allocated to bills, by the rule reminders use (lib/domain/ageing.ts
 * netDue): a family whose money on account covers its overdue has nothing overdue and is not listed. First the ranking facts of every family (today's
 * rollups for the amounts; promises, disputes and the last 30 days of communications, each row
 * mapped to its family by the customer's key), then the details of the page's rows only. The rule runs
 * here rather than in SQL so that it has one definition, unit-tested by hand.
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
    ? sql`and exists (select 1 from obligors p where p.client_id = ${clientId} and p.sys_obligor_code = g."sysObligorCode"
        and (p.name ilike ${`%${escapeLike(query.search)}%`} or p.sys_obligor_code ilike ${`%${escapeLike(query.search)}%`}))`
    : sql``;
  const d = sql`${today}::date`;
  // Two reads side by side: the families' amounts, promises and disputes, and the last contact of
  // every family contacted in the 30 days (each customer's first, then their families through the
  // index obligors_family_of), which needs neither amounts nor scope.
  const [facts, contacts] = await Promise.all([
    queryRows(
      db,
      sql`
    with promise_facts as (
      select ${FAMILY} as family_code,
        count(*) filter (where pr.status in ('BROKEN', 'PARTIAL'))::int as broken,
        sum(pr.amount) filter (where pr.status = 'OPEN' and pr.promised_date = ${d}) as promised_today,
        min(pr.promised_date) filter (where pr.status = 'OPEN' and pr.promised_date > ${d}) as next_date
      from ${familyOf(clientId, sql`promises`, sql`pr`)}
      where pr.client_id = ${clientId}
        and (pr.status = 'OPEN' or pr.promised_date >= ${d} - ${BROKEN_PROMISE_DAYS}::int)
      group by 1
    ),
    dispute_facts as (
      select ${FAMILY} as family_code, sum(ds.amount) as disputed
      from ${familyOf(clientId, sql`disputes`, sql`ds`)}
      where ds.client_id = ${clientId} and ${disputeOpenOn('ds', d)}
      group by 1
    ),
    cheque_facts as (
      select ${FAMILY} as family_code, count(*)::int as bounced
      from ${familyOf(clientId, sql`cheques`, sql`cq`)}
      where cq.client_id = ${clientId} and cq.status = 'RETURNED'
        and cq.returned_on > ${d} - ${BOUNCE_DAYS}::int and cq.returned_on <= ${d}
      group by 1
    )
    select g."sysObligorCode" as code, g.overdue, g.unallocated,
      case when g."crdBucket4" > 0 then 4 when g."crdBucket3" > 0 then 3 when g."crdBucket2" > 0 then 2 else 1 end as oldest,
      round(g."obligorWeightedRating")::int as rating,
      coalesce(pf.broken, 0) as broken, pf.promised_today as "promisedToday",
      to_char(pf.next_date, 'YYYY-MM-DD') as "nextPromiseDate", df.disputed, cf.bounced
    from ${grouped} g
    left join promise_facts pf on pf.family_code = g."sysObligorCode"
    left join dispute_facts df on df.family_code = g."sysObligorCode"
    left join cheque_facts cf on cf.family_code = g."sysObligorCode"
    where g.overdue > 0 ${search}`,
      RankingFacts,
    ),
    queryRows(
      db,
      sql`
    select ${FAMILY} as code, (${d} - max(c.last_contact))::int as days
    from ${familyOf(
      clientId,
      sql`(select sys_obligor_code, max(comm_date) as last_contact from communications
        where client_id = ${clientId} and comm_date > ${d} - ${SILENCE_DAYS}::int and comm_date <= ${d}
        group by sys_obligor_code)`,
      sql`c`,
    )}
    group by 1`,
      row({ code: col.text, days: col.int }),
    ),
  ]);
  const silence = new Map(contacts.map((c) => [c.code, c.days]));
  const ranked = facts
    .map((family) => ({
      code: family.code,
      unallocated: family.unallocated ?? 0,
      gross: family.overdue,
      facts: toFacts(family, silence.get(family.code) ?? null),
      priority: 0,
    }))
    .filter((r) => r.facts.overdue > 0);
  const largest = Math.max(0, ...ranked.map((r) => r.facts.overdue));
  for (const r of ranked) r.priority = worklistPriority(r.facts, largest);
  ranked.sort((a, b) => b.priority - a.priority || b.facts.overdue - a.facts.overdue || cmp(a.code, b.code));
  const start = (query.offset - 1) * query.count;
  const page = ranked.slice(start, start + query.count);
  const [detailRows, advices] = await Promise.all([
    pageDetails(
      db,
      clientId,
      today,
      scope,
      grouped,
      page.map((r) => r.code),
    ),
    // The customer's latest "I have paid" not yet matched to a receipt, shown on its row.
    latestAdvices(
      db,
      clientId,
      page.map((r) => r.code),
    ),
  ]);
  const details = new Map(detailRows.map((r) => [r.code, r]));
  const rows = page.map(({ code, unallocated, gross, facts: f, priority }, i): TWorklistRow => {
    const row = details.get(code)!;
    const lastContact = row.lastContactDate;
    // Past the 30 days ranking reads, the exact silence comes from the details; the rule gives the same.
    const daysSinceContact = lastContact ? differenceInCalendarDays(parseISO(today), parseISO(lastContact)) : null;
    const action = nextAction({ ...f, daysSinceContact });
    return {
      rank: start + i + 1,
      sysObligorCode: code,
      name: row.name,
      city: row.city,
      collectorId: row.collectorId,
      collectorName: row.collectorName,
      priority,
      nextAction: action,
      nextActionLabel: NEXT_ACTION_LABELS[action],
      overdue: gross,
      overdueNet: f.overdue,
      outstanding: netDue(row.outstanding, unallocated),
      unallocated,
      oldestBucket: f.oldestBucket,
      oldestBucketLabel: bucketTitle(`crdBucket${f.oldestBucket}`, view.boundaries),
      rating: f.rating,
      brokenPromises: f.brokenPromises,
      promisedToday: f.promisedToday,
      nextPromiseDate: f.nextPromiseDate,
      nextPromiseAmount: row.nextPromiseAmount ?? 0,
      disputed: f.disputed,
      chequesReturned: f.chequesReturned,
      lastContactDate: lastContact,
      daysSinceContact,
      averageDaysLate: row.averageDaysLate,
      actOnCode: row.actOnCode,
      actOnName: row.actOnName,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      contactEmail: row.contactEmail,
      remittance: remittanceOf(advices.get(code)),
    };
  });
  return { rows, total: ranked.length };
}

/**
 * Name, collector, balance, the next promise's amount, the exact last contact, the account the row's
 * actions write on and its contact with a phone, for a page of families. Notes, promises and
 * disputes belong to one account the user may see: the parent, or for a user who sees only some of
 * the family's accounts, their one with the most open debt.
 */
async function pageDetails(
  db: Db,
  clientId: number,
  today: string,
  scope: ObligorScope,
  grouped: SQL,
  codes: string[],
): Promise<Row<typeof RowDetails>[]> {
  const inScope = scopeCondition(clientId, scope, sql`a.sys_obligor_code`) ?? sql`true`;
  const payerInScope = scopeCondition(clientId, scope, sql`pm.sys_obligor_code`) ?? sql`true`;
  if (!codes.length) return [];
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  return queryRows(
    db,
    sql`
    with page as (select g."sysObligorCode" as code, g.outstanding from ${grouped} g where g."sysObligorCode" in (${list})),
    members as (
      select m.sys_obligor_code, coalesce(m.parent_sys_obligor_code, m.sys_obligor_code) as family_code
      from obligors m where m.client_id = ${clientId} and (m.sys_obligor_code in (${list}) or m.parent_sys_obligor_code in (${list}))
    )
    select f.code, p.name, p.city, p.guest_id as "collectorId", u.name as "collectorName", f.outstanding,
      (select sum(n.amount) from promises n join members nm on nm.sys_obligor_code = n.sys_obligor_code
        where n.client_id = ${clientId} and nm.family_code = f.code and n.status = 'OPEN'
          and n.promised_date = (select min(x.promised_date) from promises x join members xm on xm.sys_obligor_code = x.sys_obligor_code
            where x.client_id = ${clientId} and xm.family_code = f.code and x.status = 'OPEN' and x.promised_date > ${today}::date)
      ) as "nextPromiseAmount",
      (select to_char(max(c.comm_date), 'YYYY-MM-DD') from communications c join members cm on cm.sys_obligor_code = c.sys_obligor_code
        where c.client_id = ${clientId} and cm.family_code = f.code and c.comm_date <= ${today}::date) as "lastContactDate",
      (select round(sum(i.amount * ${daysLate(sql`i`)}) / nullif(sum(i.amount), 0), 1)
        from invoices i join members pm on pm.sys_obligor_code = i.sys_obligor_code
        where i.client_id = ${clientId} and pm.family_code = f.code and ${payerInScope}
          and ${paidOffIn(sql`i`, behaviourFrom(today), today)}) as "averageDaysLate",
      act.sys_obligor_code as "actOnCode", act.name as "actOnName",
      coalesce(k.name, act.name) as "contactName", coalesce(k.phone, act.phone) as "contactPhone",
      coalesce(k.email, act.email) as "contactEmail"
    from page f
    join obligors p on p.client_id = ${clientId} and p.sys_obligor_code = f.code
    left join users u on u.client_id = ${clientId} and u.id = p.guest_id
    join lateral (
      select a.sys_obligor_code, a.name, a.phone, a.email from obligors a
      where a.client_id = ${clientId} and (a.sys_obligor_code = f.code or a.parent_sys_obligor_code = f.code) and ${inScope}
      order by a.sys_obligor_code = f.code desc,
        (select coalesce(sum(i.amount - i.paid_to_date), 0) from invoices i
          where i.client_id = ${clientId} and i.sys_obligor_code = a.sys_obligor_code and i.settled_date is null) desc,
        a.sys_obligor_code
      limit 1
    ) act on true
    left join lateral (
      select ct.name, ct.phone, ct.email from contacts ct
      where ct.client_id = ${clientId} and ct.sys_obligor_code = act.sys_obligor_code and ct.phone is not null
      order by ct.id limit 1
    ) k on true`,
    RowDetails,
  );
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function toFacts(family: Row<typeof RankingFacts>, daysSinceContact: number | null): WorklistFacts {
  const rating = ratingLabel(family.rating);
  return {
    overdue: netDue(family.overdue, family.unallocated ?? 0),
    oldestBucket: family.oldest,
    rating: rating === '-' ? null : rating,
    brokenPromises: family.broken,
    promisedToday: family.promisedToday ?? 0,
    nextPromiseDate: family.nextPromiseDate,
    nextPromiseAmount: 0,
    disputed: family.disputed ?? 0,
    chequesReturned: family.bounced ?? 0,
    daysSinceContact,
  };
}

/** What the row shows of a remittance advice: amount, day, reference and how many bills it names. */
function remittanceOf(advice: TRemittance | undefined): TWorklistRow['remittance'] {
  if (!advice) return null;
  return {
    amount: advice.amount,
    paidOn: advice.paidOn,
    reference: advice.reference,
    bills: advice.invoiceNums.length,
    holdsUntil: advice.holdsUntil,
  };
}
