import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import type { TOffering, TOfferingDetail } from '@/lib/contract/investors';
import { todayIso } from '@/lib/domain/dates';
import { notFound } from '@/lib/server/domain-errors';

/** An offering with its security's terms, as offeringRows reads it. */
const OfferingRow = row({
  id: col.int,
  securityId: col.int,
  securityName: col.text,
  isin: col.text,
  originatorId: col.int,
  originatorName: col.text,
  rating: col.text,
  couponRate: col.num,
  tenorMonths: col.int,
  issueDate: col.day,
  maturityDate: col.day,
  poolSize: col.num,
  size: col.num,
  minTicket: col.num,
  amountTaken: col.num,
  openDate: col.day,
  closeDate: col.day,
});
type OfferingRow = Row<typeof OfferingRow>;

export function offeringState(
  o: { openDate: string; closeDate: string; amountLeft: number },
  asOf: string,
): TOffering['state'] {
  if (asOf < o.openDate) return 'UPCOMING';
  if (asOf > o.closeDate) return 'CLOSED';
  return o.amountLeft > 0 ? 'OPEN' : 'FULL';
}

export function toOffering(r: OfferingRow, asOf: string): TOffering {
  const amountLeft = Math.max(0, Math.round((r.size - r.amountTaken) * 100) / 100);
  return { ...r, amountLeft, state: offeringState({ openDate: r.openDate, closeDate: r.closeDate, amountLeft }, asOf) };
}

/** Offerings are the shared marketplace: open to every investor firm. */
export async function offeringRows(db: Db, where = sql`true`): Promise<OfferingRow[]> {
  return queryRows(
    db,
    sql`
    select f.id, f.security_id as "securityId", s.name as "securityName", s.isin, o.id as "originatorId", o.name as "originatorName",
      s.rating, s.coupon_rate as "couponRate", s.tenor_months as "tenorMonths", s.issue_date::text as "issueDate",
      s.maturity_date::text as "maturityDate", s.pool_size as "poolSize", f.size, f.min_ticket as "minTicket",
      f.amount_taken as "amountTaken", f.open_date::text as "openDate", f.close_date::text as "closeDate"
    from offerings f join securities s on s.id = f.security_id join originators o on o.id = s.originator_id
    where ${where}
    order by f.close_date desc, f.id`,
    OfferingRow,
  );
}

/** GET /api/investors/offerings: open and upcoming offerings first, then the closed ones. */
export async function listOfferings(db: Db, asOf = todayIso()): Promise<TOffering[]> {
  const rank = { OPEN: 0, UPCOMING: 1, FULL: 2, CLOSED: 3 } as const;
  return (await offeringRows(db))
    .map((r) => toOffering(r, asOf))
    .sort((a, b) => rank[a.state] - rank[b.state] || a.closeDate.localeCompare(b.closeDate));
}

/** GET /api/investors/offerings/{id}: the terms, with what this firm already subscribed. */
export async function getOffering(db: Db, clientId: number, id: number, asOf = todayIso()): Promise<TOfferingDetail> {
  const [offering] = await offeringRows(db, sql`f.id = ${id}`);
  if (!offering) throw notFound('Offering');
  const mine = await queryRow(
    db,
    sql`
    select coalesce(sum(h.units), 0) as units, coalesce(sum(h.invested_amount), 0) as invested from holdings h
    where h.client_id = ${clientId} and h.security_id = ${offering.securityId}`,
    row({ units: col.int, invested: col.num }),
  );
  return {
    offering: toOffering(offering, asOf),
    subscribed: { units: mine?.units ?? 0, investedAmount: mine?.invested ?? 0 },
  };
}
