import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { parseISO, startOfMonth, subMonths } from 'date-fns';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { originators } from '@/lib/db/schema';
import { ZHolding, type TOriginator, type TOriginatorSummary, type TPoolPerformance } from '@/lib/contract/investors';
import { bucketTitle, CREDIT_BUCKETS, boundariesOf } from '@/lib/domain/ageing';
import { iso, todayIso } from '@/lib/domain/dates';
import { ZSummaryQuery } from '@/lib/contract/receivables';
import { getClient } from '@/lib/server/clients/get-client';
import { notFound } from '@/lib/server/domain-errors';
import { receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { annualDso } from '@/lib/domain/dso';

const HISTORY_MONTHS = 12;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The performance of an originator's receivables book, from the same services as the borrower's
 * own dashboard, called with the originator's client id. Only totals leave this function: the
 * investor never sees an obligor's name, code or amount (isolation).
 */
export async function poolPerformance(db: Db, originatorId: number, asOf = todayIso()): Promise<TPoolPerformance> {
  const [originator] = await db.select().from(originators).where(eq(originators.id, originatorId)).limit(1);
  if (!originator) throw notFound('Originator');
  const clientId = originator.originClientId;
  const client = await getClient(db, clientId);
  const summary = await receivablesSummary(db, clientId, { ...ZSummaryQuery.parse({}), date: asOf });
  const fromDate = iso(startOfMonth(subMonths(parseISO(asOf), HISTORY_MONTHS - 1)));
  const [overview] = await receivablesOverview(db, clientId, { fromDate, toDate: asOf });
  const boundaries = boundariesOf(client);
  const months = overview!.months.map((m) => ({
    month: m.month,
    outstanding: m.outstanding,
    overdue: m.overdue,
    collected: m.collected,
    invoiced: m.invoiced,
    overdueShare: share(m.overdue, m.outstanding),
  }));
  const last = months.at(-1);
  return {
    originatorId,
    originatorName: originator.name,
    date: asOf,
    currency: client.currency,
    outstanding: summary.outstanding,
    overdue: summary.overdue,
    overdueShare: share(summary.overdue, summary.outstanding),
    ageing: CREDIT_BUCKETS.map((key) => ({
      key,
      label: key === 'current' ? 'Not yet due' : `${bucketTitle(key, boundaries)} past due`,
      amount: summary[key],
    })),
    collectedThisMonth: last?.collected ?? 0,
    invoicedThisMonth: last?.invoiced ?? 0,
    // The headline DSO, as the originator's own pages say it for the same day (docs/glossary.md).
    dso: annualDso(summary.outstanding, summary.sales12m),
    openObligors: summary.openObligors,
    months,
  };
}

/** An originator's profile. */
const ProfileRow = row({
  id: col.int,
  name: col.text,
  sector: col.text,
  rating: col.text,
  description: col.text.nullable(),
});

const SummaryRow = ProfileRow.extend({
  securities: col.int,
  held: col.int,
  onOffer: col.int,
}) satisfies z.ZodType<TOriginatorSummary, unknown>;

const SecurityRow = row({
  id: col.int,
  isin: col.text,
  name: col.text,
  poolSize: col.num,
  couponRate: col.num,
  tenorMonths: col.int,
  issueDate: col.day,
  maturityDate: col.day,
  rating: col.text,
  status: ZHolding.shape.status,
}) satisfies z.ZodType<TOriginator['securities'][number], unknown>;

/** GET /api/investors/originators: the originators whose securities are on offer or held. */
export async function listOriginators(db: Db, clientId: number): Promise<TOriginatorSummary[]> {
  return queryRows(
    db,
    sql`
    select o.id, o.name, o.sector, o.rating, o.description,
      (select count(*)::int from securities s where s.originator_id = o.id) as securities,
      (select count(*)::int from holdings h join securities s on s.id = h.security_id where s.originator_id = o.id and h.client_id = ${clientId}) as held,
      (select count(*)::int from offerings f join securities s on s.id = f.security_id where s.originator_id = o.id and f.close_date >= ${todayIso()}) as "onOffer"
    from originators o order by o.name`,
    SummaryRow,
  );
}

/** GET /api/investors/originators/{id}: profile and securities (terms only, no holdings of other firms). */
export async function getOriginator(db: Db, id: number): Promise<TOriginator> {
  const profile = await queryRow(
    db,
    sql`
    select o.id, o.name, o.sector, o.rating, o.description from originators o where o.id = ${id}`,
    ProfileRow,
  );
  if (!profile) throw notFound('Originator');
  const securities = await queryRows(
    db,
    sql`
    select s.id, s.isin, s.name, s.pool_size as "poolSize", s.coupon_rate as "couponRate", s.tenor_months as "tenorMonths",
      s.issue_date::text as "issueDate", s.maturity_date::text as "maturityDate", s.rating, s.status
    from securities s where s.originator_id = ${id} order by s.issue_date desc`,
    SecurityRow,
  );
  return { ...profile, securities };
}

/** The originator of a holding of this firm (a holding page shows its pool). */
export async function originatorOfHolding(db: Db, clientId: number, holdingId: number): Promise<number> {
  const found = await queryRow(
    db,
    sql`
    select s.originator_id as id from holdings h join securities s on s.id = h.security_id where h.client_id = ${clientId} and h.id = ${holdingId}`,
    row({ id: col.int }),
  );
  if (!found) throw notFound('Holding');
  return found.id;
}

/** The originator behind an offering (an offering page shows its pool; offerings are open to every firm). */
export async function originatorOfOffering(db: Db, offeringId: number): Promise<number> {
  const found = await queryRow(
    db,
    sql`
    select s.originator_id as id from offerings f join securities s on s.id = f.security_id
    where f.id = ${offeringId}`,
    row({ id: col.int }),
  );
  if (!found) throw notFound('Offering');
  return found.id;
}

/**
 * An investor sees a pool's aggregates only for an originator whose securities the firm holds or
 * that has an offering not yet closed; any other originator is answered as not found.
 */
export async function assertPoolVisible(
  db: Db,
  clientId: number,
  originatorId: number,
  asOf = todayIso(),
): Promise<void> {
  const rows = await queryRows(
    db,
    sql`
    select 1 as one from securities s where s.originator_id = ${originatorId} and (
      exists (select 1 from holdings h where h.client_id = ${clientId} and h.security_id = s.id)
      or exists (select 1 from offerings f where f.security_id = s.id and f.close_date >= ${asOf}))
    limit 1`,
    row({ one: col.int }),
  );
  if (!rows.length) throw notFound('Originator');
}
