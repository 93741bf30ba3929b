import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TOffering, TOfferingDetail } from '@/lib/contract/investors';
import { todayIso } from '@/lib/domain/dates';
import { notFound } from '@/lib/server/domain-errors';

interface OfferingRaw {
  id: number;
  securityId: number;
  securityName: string;
  isin: string;
  originatorId: number;
  originatorName: string;
  rating: string;
  couponRate: string;
  tenorMonths: number;
  issueDate: string;
  maturityDate: string;
  poolSize: string;
  size: string;
  minTicket: string;
  amountTaken: string;
  openDate: string;
  closeDate: string;
}

export function offeringState(
  o: { openDate: string; closeDate: string; amountLeft: number },
  asOf: string,
): TOffering['state'] {
  if (asOf < o.openDate) return 'UPCOMING';
  if (asOf > o.closeDate) return 'CLOSED';
  return o.amountLeft > 0 ? 'OPEN' : 'FULL';
}

export function toOffering(r: OfferingRaw, asOf: string): TOffering {
  const size = Number(r.size);
  const taken = Number(r.amountTaken);
  const amountLeft = Math.max(0, Math.round((size - taken) * 100) / 100);
  return {
    id: r.id,
    securityId: r.securityId,
    securityName: r.securityName,
    isin: r.isin,
    originatorId: r.originatorId,
    originatorName: r.originatorName,
    rating: r.rating,
    couponRate: Number(r.couponRate),
    tenorMonths: r.tenorMonths,
    issueDate: r.issueDate,
    maturityDate: r.maturityDate,
    poolSize: Number(r.poolSize),
    size,
    minTicket: Number(r.minTicket),
    amountTaken: taken,
    amountLeft,
    openDate: r.openDate,
    closeDate: r.closeDate,
    state: offeringState({ openDate: r.openDate, closeDate: r.closeDate, amountLeft }, asOf),
  };
}

/** Offerings are the shared marketplace: open to every investor firm. */
export async function offeringRows(db: Db, where = sql`true`): Promise<OfferingRaw[]> {
  return queryRows<OfferingRaw>(
    db,
    sql`
    select f.id, f.security_id as "securityId", s.name as "securityName", s.isin, o.id as "originatorId", o.name as "originatorName",
      s.rating, s.coupon_rate as "couponRate", s.tenor_months as "tenorMonths", s.issue_date::text as "issueDate",
      s.maturity_date::text as "maturityDate", s.pool_size as "poolSize", f.size, f.min_ticket as "minTicket",
      f.amount_taken as "amountTaken", f.open_date::text as "openDate", f.close_date::text as "closeDate"
    from offerings f join securities s on s.id = f.security_id join originators o on o.id = s.originator_id
    where ${where}
    order by f.close_date desc, f.id`,
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
  const [row] = await offeringRows(db, sql`f.id = ${id}`);
  if (!row) throw notFound('Offering');
  const [mine] = await queryRows<{ units: string | null; invested: string | null }>(
    db,
    sql`
    select sum(h.units) as units, sum(h.invested_amount) as invested from holdings h
    where h.client_id = ${clientId} and h.security_id = ${row.securityId}`,
  );
  return {
    offering: toOffering(row, asOf),
    subscribed: { units: Number(mine?.units ?? 0), investedAmount: Number(mine?.invested ?? 0) },
  };
}
