import { describe, expect, it } from 'vitest';
import {
  debtsReached,
  paymentChances,
  predictPayment,
  weightedPercentile,
  type LatenessPoint,
  type LatenessProfile,
} from '@/lib/domain/payment-prediction';

/** A settled-only profile point: `count` debts paid `daysLate` days late for `amount` in all. */
const paid = (daysLate: number, count: number, amount: number): LatenessPoint => ({ daysLate, count, amount, open: 0 });
const debt = (due: string) => ({ due, promisedDate: null, disputedSince: null });
const FROM = '2026-11-20';

describe('weighted percentile and payment chances (hand-computed)', () => {
  it('takes the first lateness whose cumulative weight reaches the share', () => {
    const points = [
      { daysLate: -2, share: 1 },
      { daysLate: 10, share: 3 },
      { daysLate: 45, share: 1 },
    ];
    // cumulative 1, 4, 5 of 5: 25% (1.25) and 75% (3.75) are both reached at 10; 90% (4.5) at 45
    expect([0.25, 0.5, 0.75, 0.9].map((q) => weightedPercentile(points, q))).toEqual([10, 10, 10, 45]);
  });

  it('counts the debts still open as not paid up to their lateness', () => {
    // paid 100 on time, 100 ten days late; 200 still open, 20 days late
    const points = [paid(0, 1, 100), paid(10, 1, 100), { daysLate: 20, count: 0, amount: 0, open: 200 }];
    // day 0: 100 of 400 owed (25%); day 10: 100 of the 300 left, 75% x 1/3 = 25%; the other 50% unpaid
    expect(paymentChances(points, -5)).toEqual([
      { daysLate: 0, share: 0.25 },
      { daysLate: 10, share: 0.25 },
    ]);
    // already 5 days late: 100 of 300 owed from then on
    expect(paymentChances(points, 5)).toEqual([{ daysLate: 10, share: 1 / 3 }]);
  });
});

describe('predicted payment (hand-computed)', () => {
  const own: LatenessProfile = {
    level: 'ACCOUNT',
    points: [paid(10, 5, 5000), paid(60, 3, 3000), paid(90, 2, 1000)],
  };

  it('holds back a disputed debt and puts a promised one on its date', () => {
    const disputed = predictPayment({ ...debt('2026-10-01'), disputedSince: '2026-11-10' }, [own], FROM);
    expect(disputed).toMatchObject({ basis: 'DISPUTED', date: null, reason: 'In dispute since 10/11/2026' });
    expect(disputed.outcomes).toEqual([]);
    const promised = predictPayment({ ...debt('2026-10-01'), promisedDate: '2026-11-28' }, [own], FROM);
    expect(promised).toMatchObject({
      basis: 'PROMISED',
      date: '2026-11-28',
      low: '2026-11-28',
      high: '2026-11-28',
      reason: 'Promised for 28/11/2026',
    });
    // due 1 Oct, promised 28 Nov: 58 days after the due date, all of it
    expect(promised.outcomes).toEqual([{ daysLate: 58, share: 1 }]);
  });

  it("predicts a debt not yet due from the account's own habit", () => {
    const p = predictPayment(debt('2026-12-01'), [own], FROM);
    // shares 5000, 3000, 1000 of 9000: the median and the 25th percentile at 10 days, the 75th at 60
    expect(p).toMatchObject({ basis: 'HISTORY', level: 'ACCOUNT', date: '2026-12-11', low: '2026-12-11' });
    expect(p.high).toBe('2027-01-30');
    // (5000 x 10 + 3000 x 60 + 1000 x 90) / 9000 = 35.6
    expect(p.reason).toBe('Pays 36 days late on average (10 invoices, last 12 months)');
  });

  it('reads only the payments at least as late as the debt already is', () => {
    // due 1 Oct, 50 days late on 20 Nov: only the 60- and 90-day payments (5 invoices) compare
    const p = predictPayment(debt('2026-10-01'), [own], FROM);
    // 3000 of 4000 at 60 days (75%), the rest at 90: median and both percentiles at 60 days, 30 Nov
    expect(p).toMatchObject({ level: 'ACCOUNT', date: '2026-11-30', low: '2026-11-30', high: '2026-11-30' });
    expect(p.outcomes).toEqual([
      { daysLate: 60, share: 0.75 },
      { daysLate: 90, share: 0.25 },
    ]);
    // (3000 x 60 + 1000 x 90) / 4000 = 67.5
    expect(p.reason).toBe(
      'Already 50 days late; its bills paid that late came 68 days late on average (5 invoices, last 12 months)',
    );
  });

  it('falls back to the family, the dim1 value, the client when the account has few comparable payments', () => {
    const thin: LatenessProfile = { level: 'ACCOUNT', points: [paid(5, 2, 2000)] };
    const family: LatenessProfile = { level: 'FAMILY', points: [paid(12, 6, 6000)] };
    const region: LatenessProfile = { level: 'DIM1', label: 'North', points: [paid(20, 40, 40000)] };
    const client: LatenessProfile = { level: 'CLIENT', points: [paid(8, 100, 90000), paid(200, 10, 10000)] };
    const p = predictPayment(debt('2026-12-01'), [thin, family, region, client], FROM);
    expect(p).toMatchObject({ level: 'FAMILY', date: '2026-12-13' });
    expect(p.reason).toBe(
      'Few payments of its own: its family pays 12 days late on average (6 invoices, last 12 months)',
    );
    expect(predictPayment(debt('2026-12-01'), [thin, region, client], FROM).reason).toBe(
      'Few payments of its own: customers in North pay 20 days late on average (40 invoices, last 12 months)',
    );
    // 30 days late: nothing comparable but the client's 10 payments 200 days late
    const late = predictPayment(debt('2026-10-21'), [thin, family, region, client], FROM);
    expect(late).toMatchObject({ level: 'CLIENT', date: '2027-05-09' });
    expect(late.reason).toBe(
      'Already 30 days late; few such payments of its own: those of all customers came 200 days late on average (10 invoices, last 12 months)',
    );
  });

  it('says how likely payment is when open debts show that many are never paid', () => {
    const mixed: LatenessProfile = {
      level: 'ACCOUNT',
      points: [paid(10, 5, 1000), { daysLate: 400, count: 0, amount: 0, open: 1000 }],
    };
    // 1000 paid of 2000 owed at 10 days: a 50% chance, all of it at 10 days
    const p = predictPayment(debt('2026-12-01'), [mixed], FROM);
    expect(p.outcomes).toEqual([{ daysLate: 10, share: 0.5 }]);
    expect(p.reason).toBe('Pays 10 days late on average (5 invoices, last 12 months; 50% likely to be paid)');
  });

  it('expects nothing of a debt later than any payment, and the due date with no payment at all', () => {
    const p = predictPayment(debt('2026-01-01'), [own], FROM);
    expect(p).toMatchObject({ basis: 'NOT_EXPECTED', date: null, outcomes: [] });
    expect(p.reason).toBe('Already 323 days late: later than any bill paid in the last 12 months');
    expect(predictPayment(debt('2026-12-05'), [], FROM)).toMatchObject({
      basis: 'DUE_DATE',
      date: '2026-12-05',
      reason: 'No payments in the last 12 months to go by: expected on its due date',
    });
    // already due: today
    expect(predictPayment(debt('2026-11-01'), [], FROM)).toMatchObject({ basis: 'DUE_DATE', date: FROM });
  });
});

describe('debts reached by a promise', () => {
  it('takes the oldest due first until the promised amount is used up', () => {
    const debts = [
      { due: '2026-10-05', open: 500 },
      { due: '2026-10-01', open: 300 },
      { due: '2026-10-10', open: 400 },
    ];
    // 600: the 300 due 1 Oct, then 300 left reaches the 500 due 5 Oct; nothing left for 10 Oct
    expect(debtsReached(debts, 600)).toEqual([0, 1]);
    expect(debtsReached(debts, 300)).toEqual([1]);
    expect(debtsReached(debts, 5000)).toEqual([0, 1, 2]);
  });
});
