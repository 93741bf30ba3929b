import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import {
  ZHolding,
  type TCashflowRow,
  type THolding,
  type THoldingDetail,
  type THoldings,
} from '@/lib/contract/investors';
import { todayIso } from '@/lib/domain/dates';
import { currentValue, nextPayment, realisedYield, type Cashflow } from '@/lib/domain/yield';
import { notFound } from '@/lib/server/domain-errors';

/** A holding with its security's terms, before it is valued. */
const HoldingRow = row({
  id: col.int,
  securityId: col.int,
  securityName: col.text,
  isin: col.text,
  originatorId: col.int,
  originatorName: col.text,
  rating: col.text,
  status: ZHolding.shape.status,
  units: col.int,
  investedAmount: col.num,
  investedOn: col.day,
  couponRate: col.num,
  maturityDate: col.day,
});
type HoldingRow = Row<typeof HoldingRow>;

/** A scheduled cash flow of a holding and what was received against it. */
const CashflowRow = row({
  holdingId: col.int,
  dueDate: col.day,
  expectedAmount: col.num,
  receivedAmount: col.num.nullable(),
  receivedDate: col.day.nullable(),
});

/** The investor firm's holdings (tenant = the session's client), each with its schedule. */
async function holdingRows(db: Db, clientId: number, holdingId?: number) {
  const one = holdingId == null ? sql`` : sql`and h.id = ${holdingId}`;
  const rows = await queryRows(
    db,
    sql`
    select h.id, h.security_id as "securityId", s.name as "securityName", s.isin, o.id as "originatorId",
      o.name as "originatorName", s.rating, s.status, h.units, h.invested_amount as "investedAmount",
      h.invested_on::text as "investedOn", s.coupon_rate as "couponRate", s.maturity_date::text as "maturityDate"
    from holdings h join securities s on s.id = h.security_id join originators o on o.id = s.originator_id
    where h.client_id = ${clientId} ${one}
    order by s.maturity_date desc, h.id`,
    HoldingRow,
  );
  const flows = await queryRows(
    db,
    sql`
    select f.holding_id as "holdingId", f.due_date::text as "dueDate", f.expected_amount as "expectedAmount",
      f.received_amount as "receivedAmount", f.received_date::text as "receivedDate"
    from holding_cashflows f where f.client_id = ${clientId} ${holdingId == null ? sql`` : sql`and f.holding_id = ${holdingId}`}
    order by f.holding_id, f.due_date, f.id`,
    CashflowRow,
  );
  const byHolding = new Map<number, Cashflow[]>();
  for (const { holdingId, ...flow } of flows) {
    const list = byHolding.get(holdingId) ?? [];
    list.push(flow);
    byHolding.set(holdingId, list);
  }
  return rows.map((r) => ({ raw: r, flows: byHolding.get(r.id) ?? [] }));
}

function toHolding(raw: HoldingRow, flows: Cashflow[], asOf: string): THolding {
  const invested = raw.investedAmount;
  const coupon = raw.couponRate;
  const next = nextPayment(flows, asOf);
  return {
    id: raw.id,
    securityId: raw.securityId,
    securityName: raw.securityName,
    isin: raw.isin,
    originatorId: raw.originatorId,
    originatorName: raw.originatorName,
    rating: raw.rating,
    status: raw.status,
    units: raw.units,
    investedAmount: invested,
    investedOn: raw.investedOn,
    couponRate: coupon,
    maturityDate: raw.maturityDate,
    currentValue: currentValue(invested, coupon, raw.investedOn, flows, asOf),
    realisedYield: realisedYield(invested, coupon, raw.investedOn, flows),
    received: Math.round(flows.reduce((s, f) => s + (f.receivedAmount ?? 0), 0) * 100) / 100,
    nextPaymentDate: next?.dueDate ?? null,
    nextPaymentAmount: next?.expectedAmount ?? null,
  };
}

/** GET /api/investors/holdings: My Securities, with totals over every holding. */
export async function listHoldings(db: Db, clientId: number, asOf = todayIso()): Promise<THoldings> {
  const rows = (await holdingRows(db, clientId)).map(({ raw, flows }) => toHolding(raw, flows, asOf));
  const sum = (pick: (h: THolding) => number) => Math.round(rows.reduce((s, h) => s + pick(h), 0) * 100) / 100;
  const live = rows.filter((h) => h.currentValue > 0);
  const liveInvested = live.reduce((s, h) => s + h.investedAmount, 0);
  return {
    rows,
    date: asOf,
    totals: {
      investedAmount: sum((h) => h.investedAmount),
      liveInvested: Math.round(liveInvested * 100) / 100,
      currentValue: sum((h) => h.currentValue),
      received: sum((h) => h.received),
      weightedCoupon:
        liveInvested > 0
          ? Math.round((live.reduce((s, h) => s + h.couponRate * h.investedAmount, 0) / liveInvested) * 100) / 100
          : null,
    },
  };
}

function flowState(f: Cashflow, asOf: string): TCashflowRow['state'] {
  if (f.receivedAmount == null) return f.dueDate < asOf ? 'OVERDUE' : 'UPCOMING';
  if (f.receivedAmount < f.expectedAmount) return 'SHORT';
  return f.receivedDate && f.receivedDate > f.dueDate ? 'LATE' : 'RECEIVED';
}

/** GET /api/investors/holdings/{id}: one holding of the firm and its cash-flow schedule against receipts. */
export async function getHolding(db: Db, clientId: number, id: number, asOf = todayIso()): Promise<THoldingDetail> {
  const [found] = await holdingRows(db, clientId, id);
  if (!found) throw notFound('Holding');
  return {
    holding: toHolding(found.raw, found.flows, asOf),
    cashflows: found.flows.map((f): TCashflowRow => ({ ...f, state: flowState(f, asOf) })),
    date: asOf,
  };
}
