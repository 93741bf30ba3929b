import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as matrixRoute } from '@/app/api/provision/route';
import type { TProvision } from '@/lib/contract/provision';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { daysBetween } from '@/lib/domain/ageing';
import { lossRates, segmentProvision, type MonthEnd } from '@/lib/domain/provision';
import { ageingRowsSql } from '@/lib/server/receivables/ageing-source';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';

/**
 * The demo ledger's provision at the quarter end 30/09/2026, one region, worked again the long way:
 * each month end's buckets from the ledger itself (the any-date ageing, not the ageing history the
 * call reads), the write-offs picked from the raw WRITE_OFF documents in the test, the rates by the
 * domain's formulas. The call must give the same balances, rates and allowance.
 */
const DATE = '2026-09-30';
let database: TestDatabase;
let clientId: number;
let admin: string;

beforeAll(async () => {
  database = await createSeededDatabase(0.05, { history: true });
  clientId = await clientIdOf(database, 'VARDHMAN');
  admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
}, 300_000);
afterAll(() => database?.dispose());

const B = { b1: 30, b2: 60, b3: 90 };
const bucketOf = (dpd: number) => (dpd <= 0 ? 0 : dpd <= B.b1 ? 1 : dpd <= B.b2 ? 2 : dpd <= B.b3 ? 3 : 4);

describe('the provision of the demo ledger', () => {
  it('is worked again by hand for one region', async () => {
    const res = await callRoute(matrixRoute, '/api/provision', {
      cookie: admin,
      query: { date: DATE, segment: 'dim1', months: 24 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const m = res.json as TProvision;
    expect(m.segments.length).toBeGreaterThan(1);
    // The region with the largest allowance.
    const region = m.segments.toSorted((a, b) => b.allowance - a.allowance)[0]!;
    const bucketsAt = async (day: string) => {
      const r = await queryRow(
        database.db,
        sql`select coalesce(sum(r.current), 0) as b0, coalesce(sum(r.crd_bucket1), 0) as b1,
          coalesce(sum(r.crd_bucket2), 0) as b2, coalesce(sum(r.crd_bucket3), 0) as b3, coalesce(sum(r.crd_bucket4), 0) as b4
          from (${ageingRowsSql(clientId, day, B)}) r where coalesce(r.dim1_id, 0)::text = ${region.key}`,
        row({ b0: col.num, b1: col.num, b2: col.num, b3: col.num, b4: col.num }),
      );
      return [r!.b0, r!.b1, r!.b2, r!.b3, r!.b4];
    };
    // The demo's write-offs: WRITE_OFF documents against invoices, mostly 180+ days past due.
    const notes = (
      await queryRows(
        database.db,
        sql`select n.issue_date::text as day, -n.amount as amount, i.issue_date::text as issued, i.due_date::text as due
          from invoices n join invoices i on i.client_id = n.client_id and i.sys_invoice_num = n.against_sys_invoice_num
          join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
          where n.client_id = ${clientId} and n.doc_type = 'WRITE_OFF' and coalesce(o.dim1_id, 0)::text = ${region.key}`,
        row({ day: col.day, amount: col.num, issued: col.day, due: col.day }),
      )
    ).filter((n) => n.day <= DATE);
    expect(notes.length).toBeGreaterThan(0);
    const history: MonthEnd[] = [];
    for (const end of m.monthEnds) {
      const monthStart = `${end.slice(0, 8)}01`;
      const later = [0, 0, 0, 0, 0];
      for (const n of notes) if (n.issued <= end && n.day > end) later[bucketOf(daysBetween(n.due, end))]! += n.amount;
      history.push({
        date: end,
        balances: await bucketsAt(end),
        writtenOff: notes.filter((n) => n.day >= monthStart && n.day <= end).reduce((s, n) => s + n.amount, 0),
        writtenOffLater: later,
      });
    }
    const byHand = segmentProvision(
      region.segment,
      region.buckets.map((b) => b.bucket),
      await bucketsAt(DATE),
      lossRates('ROLL_RATE', history, 5),
      null,
    );
    expect(region.buckets.map((b) => b.balance)).toEqual(byHand.buckets.map((b) => b.balance));
    region.buckets.forEach((b, i) => expect(b.lossRate).toBeCloseTo(byHand.buckets[i]!.lossRate, 10));
    expect(region.allowance).toBe(byHand.allowance);
    expect(region.allowance).toBeGreaterThan(0);
    console.log(
      `demo ${region.segment}: balance ${region.balance}, allowance ${region.allowance}, rates ${region.buckets.map((b) => (b.lossRate * 100).toFixed(2)).join('/')}; ${notes.length} write-offs; total ${m.allowance}, previous ${m.previousAllowance}`,
    );
  }, 120_000);

  it('by risk rating, splits the same month-end balances and write-offs among the ratings', async () => {
    const ask = async (segment: string) => {
      const started = performance.now();
      const res = await callRoute(matrixRoute, '/api/provision', {
        cookie: admin,
        query: { date: DATE, segment, months: 24 },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return { m: res.json as TProvision, ms: Math.round(performance.now() - started) };
    };
    const [all, rated] = [await ask('NONE'), await ask('RATING')];
    const names = rated.m.segments.map((s) => s.segment);
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((n) => /^Rating [123] \((low|medium|high) risk\)$|^Unrated$/.test(n))).toBe(true);
    // Each month end's balance is in one rating's segment: the rates' sums add up to the whole's
    // (the last bucket's numerator, what entered it, is not additive when a customer changes rating).
    const [whole] = all.m.segments;
    for (let i = 0; i < 5; i++) {
      const sum = (f: (w: { numerator: number; denominator: number }) => number) =>
        rated.m.segments.reduce((s, seg) => s + f(seg.buckets[i]!.working), 0);
      expect(sum((w) => w.denominator)).toBeCloseTo(whole!.buckets[i]!.working.denominator, 2);
      if (i !== 3) expect(sum((w) => w.numerator)).toBeCloseTo(whole!.buckets[i]!.working.numerator, 2);
      expect(rated.m.segments.reduce((s, seg) => s + seg.buckets[i]!.balance, 0)).toBeCloseTo(
        whole!.buckets[i]!.balance,
        2,
      );
    }
    expect(rated.m.writtenOff).toBeCloseTo(all.m.writtenOff, 2);
    console.log(
      `demo by rating (${all.ms} ms whole, ${rated.ms} ms by rating): ${rated.m.segments.map((s) => `${s.segment} ${s.balance} -> ${s.allowance} (${s.buckets.map((b) => (b.lossRate * 100).toFixed(2)).join('/')})`).join('; ')}; total ${rated.m.allowance} against ${all.m.allowance} unsegmented`,
    );
  }, 120_000);
});
