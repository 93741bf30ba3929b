import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdingCashflows, holdings, obligors, offerings, originators } from '@/lib/db/schema';
import { GET as holdingsRoute } from '@/app/api/investors/holdings/route';
import { GET as holdingRoute } from '@/app/api/investors/holdings/[id]/route';
import { GET as holdingPerformanceRoute } from '@/app/api/investors/holdings/[id]/performance/route';
import { GET as offeringsRoute } from '@/app/api/investors/offerings/route';
import { GET as offeringRoute } from '@/app/api/investors/offerings/[id]/route';
import { POST as subscribeRoute } from '@/app/api/investors/offerings/[id]/subscribe/route';
import { GET as originatorsRoute } from '@/app/api/investors/originators/route';
import { GET as originatorRoute } from '@/app/api/investors/originators/[id]/route';
import { GET as originatorPerformanceRoute } from '@/app/api/investors/originators/[id]/performance/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as obligorSearchRoute } from '@/app/api/v3/parentobligors/route';
import { listReceivables } from '@/lib/server/receivables/list-receivables';
import { ZReceivablesQuery } from '@/lib/contract/receivables';
import type { TOffering } from '@/lib/contract/investors';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';

let database: TestDatabase;
let investor: string;
let borrower: string;
const LAKH = 100_000;

beforeAll(async () => {
  database = await createSeededDatabase();
  investor = (await signInAs(database, 'investor@sahyadri.test')).cookie;
  borrower = (await signInAs(database, 'admin@vardhman.test')).cookie;
});
afterAll(() => database?.dispose());

async function offeringsList(): Promise<TOffering[]> {
  const res = await callRoute(offeringsRoute, '/api/investors/offerings', { cookie: investor });
  expect(res.status).toBe(200);
  return res.json;
}

async function ledgerState(offeringId: number) {
  const [o] = await database.db.select().from(offerings).where(eq(offerings.id, offeringId));
  const [h] = await database.db.select({ n: sql<number>`count(*)::int` }).from(holdings);
  const [f] = await database.db.select({ n: sql<number>`count(*)::int` }).from(holdingCashflows);
  return { taken: o?.amountTaken, holdings: h?.n, flows: f?.n };
}

const subscribeTo = (id: number, amount: unknown, cookie = investor) =>
  callRoute(subscribeRoute, `/api/investors/offerings/${id}/subscribe`, {
    method: 'POST',
    params: { id: String(id) },
    body: { amount },
    cookie,
  });

describe('my securities', () => {
  it('lists the firm holdings with current value, yield, next payment and totals that add up', async () => {
    const res = await callRoute(holdingsRoute, '/api/investors/holdings', { cookie: investor });
    expect(res.status).toBe(200);
    const { rows, totals } = res.json;
    expect(rows.length).toBe(4);
    const sum = rows.reduce((s: number, h: { investedAmount: number }) => s + h.investedAmount, 0);
    expect(totals.investedAmount).toBeCloseTo(sum, 2);
    const live = rows
      .filter((h: { currentValue: number }) => h.currentValue > 0)
      .reduce((s: number, h: { investedAmount: number }) => s + h.investedAmount, 0);
    expect(totals.liveInvested).toBeCloseTo(live, 2);
    const matured = rows.find((h: { status: string }) => h.status === 'MATURED');
    expect(matured.currentValue).toBe(0);
    expect(matured.nextPaymentDate).toBeNull();
    const active = rows.find(
      (h: { status: string; securityName: string }) => h.status === 'ACTIVE' && h.securityName.includes('Series III'),
    );
    // An active holding is worth at least its principal, and its coupon yield is close to its rate.
    expect(active.currentValue).toBeGreaterThanOrEqual(active.investedAmount);
    expect(active.nextPaymentDate).not.toBeNull();
    expect(active.realisedYield).toBeGreaterThan(active.couponRate - 1.5);
    expect(active.realisedYield).toBeLessThan(active.couponRate + 1.5);
  });

  it('shows one holding with its schedule against receipts, and refuses another firm holding id', async () => {
    const list = (await callRoute(holdingsRoute, '/api/investors/holdings', { cookie: investor })).json.rows;
    const id = String(list[0].id);
    const res = await callRoute(holdingRoute, `/api/investors/holdings/${id}`, { params: { id }, cookie: investor });
    expect(res.status).toBe(200);
    expect(res.json.cashflows.length).toBeGreaterThan(0);
    expect(
      res.json.cashflows.every((f: { state: string }) =>
        ['RECEIVED', 'LATE', 'SHORT', 'OVERDUE', 'UPCOMING'].includes(f.state),
      ),
    ).toBe(true);
    const missing = await callRoute(holdingRoute, '/api/investors/holdings/99999', {
      params: { id: '99999' },
      cookie: investor,
    });
    expect(missing.status).toBe(404);
  });

  it('gives the pool performance of a holding as aggregates equal to the originator receivables, with no obligor in it', async () => {
    const list = (await callRoute(holdingsRoute, '/api/investors/holdings', { cookie: investor })).json.rows;
    const kaveri = list.find((h: { originatorName: string }) => h.originatorName.startsWith('Kaveri'));
    const res = await callRoute(holdingPerformanceRoute, `/api/investors/holdings/${kaveri.id}/performance`, {
      params: { id: String(kaveri.id) },
      cookie: investor,
    });
    expect(res.status).toBe(200);
    const perf = res.json;
    expect(perf.ageing.reduce((s: number, b: { amount: number }) => s + b.amount, 0)).toBeCloseTo(perf.outstanding, 2);
    expect(perf.months.length).toBe(12);
    // No obligor-level data: none of the originator's obligor names or codes appear anywhere.
    const [origin] = await database.db.select().from(originators).where(eq(originators.id, kaveri.originatorId));
    const clientId = origin!.originClientId;
    const all = await database.db
      .select({ name: obligors.name, code: obligors.sysObligorCode })
      .from(obligors)
      .where(eq(obligors.clientId, clientId));
    const text = JSON.stringify(perf);
    for (const o of all) {
      expect(text).not.toContain(o.name);
      expect(text).not.toContain(`"${o.code}"`);
    }
    expect(Object.keys(perf).sort()).toEqual([
      'ageing',
      'collectedThisMonth',
      'currency',
      'date',
      'dso',
      'invoicedThisMonth',
      'months',
      'openObligors',
      'originatorId',
      'originatorName',
      'outstanding',
      'overdue',
      'overdueShare',
    ]);
    // The pool's outstanding is the originator's own receivables balance on the same day.
    const own = await listReceivables(database.db, clientId, {
      ...ZReceivablesQuery.parse({ count: 100 }),
      date: perf.date,
    });
    expect(own.rows.reduce((s, r) => s + r.balance, 0)).toBeCloseTo(perf.outstanding, 2);
  });
});

describe('offerings and subscription', () => {
  it('lists offerings with amount left and state; one is open', async () => {
    const list = await offeringsList();
    expect(list.length).toBe(3);
    const open = list.filter((o) => o.state === 'OPEN');
    expect(open.length).toBe(2);
    for (const o of list) expect(o.amountLeft).toBeCloseTo(o.size - o.amountTaken, 2);
    const one = await callRoute(offeringRoute, `/api/investors/offerings/${open[0]!.id}`, {
      params: { id: String(open[0]!.id) },
      cookie: investor,
    });
    expect(one.status).toBe(200);
    expect(one.json.offering.id).toBe(open[0]!.id);
  });

  it('refuses below the minimum ticket, above what is left, after the close and odd amounts: 400, nothing recorded', async () => {
    const list = await offeringsList();
    const open = list.find((o) => o.state === 'OPEN')!;
    const closed = list.find((o) => o.state === 'CLOSED' || o.state === 'FULL')!;
    const before = await ledgerState(open.id);
    const below = await subscribeTo(open.id, open.minTicket - LAKH);
    expect(below.status).toBe(400);
    expect(below.json.message).toMatch(/minimum ticket/);
    const above = await subscribeTo(open.id, open.amountLeft + LAKH);
    expect(above.status).toBe(400);
    expect(above.json.message).toMatch(/left/);
    const odd = await subscribeTo(open.id, open.minTicket + 1234);
    expect(odd.status).toBe(400);
    expect(odd.json.fields.amount).toMatch(/whole units/);
    expect(await ledgerState(open.id)).toEqual(before);
    const closedBefore = await ledgerState(closed.id);
    const late = await subscribeTo(closed.id, closed.minTicket);
    expect(late.status).toBe(400);
    expect(late.json.message).toMatch(/closed|fully subscribed/);
    expect(await ledgerState(closed.id)).toEqual(closedBefore);
  });

  it('records a subscription: holding, expected cash flows and the amount taken, in My Securities', async () => {
    const open = (await offeringsList()).find((o) => o.state === 'OPEN')!;
    const amount = open.minTicket * 2;
    const res = await subscribeTo(open.id, amount);
    expect(res.status).toBe(200);
    expect(res.json.units).toBe(amount / LAKH);
    const after = (await offeringsList()).find((o) => o.id === open.id)!;
    expect(after.amountTaken).toBeCloseTo(open.amountTaken + amount, 2);
    const mine = (await callRoute(holdingsRoute, '/api/investors/holdings', { cookie: investor })).json.rows;
    const holding = mine.find((h: { id: number }) => h.id === res.json.holdingId);
    expect(holding.investedAmount).toBe(amount);
    expect(holding.securityId).toBe(open.securityId);
    expect(holding.maturityDate).toBe(open.maturityDate);
    const detail = await callRoute(holdingRoute, `/api/investors/holdings/${holding.id}`, {
      params: { id: String(holding.id) },
      cookie: investor,
    });
    const flows = detail.json.cashflows as { expectedAmount: number; dueDate: string }[];
    expect(flows.length).toBe(res.json.cashflows);
    expect(flows.at(-1)!.dueDate).toBe(open.maturityDate);
    // Coupons plus the principal back at maturity.
    const coupon = Math.round(((amount * open.couponRate) / 100 / 12) * 100) / 100;
    expect(flows.at(-1)!.expectedAmount).toBeCloseTo(amount + coupon, 2);
    const offering = await callRoute(offeringRoute, `/api/investors/offerings/${open.id}`, {
      params: { id: String(open.id) },
      cookie: investor,
    });
    expect(offering.json.subscribed.investedAmount).toBe(amount);
  });

  it('takes the rest exactly, then the offering is full', async () => {
    const open = (await offeringsList()).filter((o) => o.state === 'OPEN').at(-1)!;
    expect((await subscribeTo(open.id, open.amountLeft)).status).toBe(200);
    const after = (await offeringsList()).find((o) => o.id === open.id)!;
    expect(after.amountLeft).toBe(0);
    expect(after.state).toBe('FULL');
    const more = await subscribeTo(open.id, open.minTicket);
    expect(more.status).toBe(400);
    expect(more.json.message).toMatch(/fully subscribed/);
  });
});

describe('originators', () => {
  it('lists originators and shows a profile with the monthly history of the book', async () => {
    const list = await callRoute(originatorsRoute, '/api/investors/originators', { cookie: investor });
    expect(list.status).toBe(200);
    expect(list.json.length).toBe(2);
    const id = String(list.json[0].id);
    const one = await callRoute(originatorRoute, `/api/investors/originators/${id}`, {
      params: { id },
      cookie: investor,
    });
    expect(one.status).toBe(200);
    expect(one.json.securities.length).toBeGreaterThan(0);
    const perf = await callRoute(originatorPerformanceRoute, `/api/investors/originators/${id}/performance`, {
      params: { id },
      cookie: investor,
    });
    expect(perf.status).toBe(200);
    expect(perf.json.months.length).toBe(12);
    const none = await callRoute(originatorPerformanceRoute, '/api/investors/originators/999/performance', {
      params: { id: '999' },
      cookie: investor,
    });
    expect(none.status).toBe(404);
  });
});

describe('isolation between investors and borrowers', () => {
  it('a borrower calling any investor API gets 403', async () => {
    const id = { id: '1' };
    for (const [route, url] of [
      [holdingsRoute, '/api/investors/holdings'],
      [holdingRoute, '/api/investors/holdings/1'],
      [holdingPerformanceRoute, '/api/investors/holdings/1/performance'],
      [offeringsRoute, '/api/investors/offerings'],
      [offeringRoute, '/api/investors/offerings/1'],
      [originatorsRoute, '/api/investors/originators'],
      [originatorRoute, '/api/investors/originators/1'],
      [originatorPerformanceRoute, '/api/investors/originators/1/performance'],
    ] as const) {
      expect((await callRoute(route, url, { params: id, cookie: borrower })).status, url).toBe(403);
    }
    expect((await subscribeTo(1, 10 * LAKH, borrower)).status).toBe(403);
  });

  it('an investor calling borrower APIs gets 403', async () => {
    expect((await callRoute(receivablesRoute, '/api/v4/clients/receivables', { cookie: investor })).status).toBe(403);
    expect(
      (
        await callRoute(obligorSearchRoute, '/api/v3/parentobligors', {
          query: { obligorName: 'Traders' },
          cookie: investor,
        })
      ).status,
    ).toBe(403);
  });
});
