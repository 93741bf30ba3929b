import { describe, expect, it } from 'vitest';
import { onRunDays, paymentHabit, runDay, type PaymentHabit } from '@/lib/domain/payment-habits';
import { dayNumber, isoDay, predictPayment, type LatenessProfile } from '@/lib/domain/payment-prediction';

/** Payment days as their weekdays and days of the month. */
const daysOf = (isos: string[]) => ({
  weekdays: isos.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()),
  monthDays: isos.map((d) => +d.slice(8, 10)),
});
// Fridays of October and November 2026
const FRIDAYS = ['2026-10-02', '2026-10-09', '2026-10-16', '2026-10-23', '2026-10-30', '2026-11-06', '2026-11-13'];
const friday: PaymentHabit = { owner: 'ACCOUNT', kind: 'WEEKDAY', weekday: 5, days: 8, share: 7 / 8 };
const tenth: PaymentHabit = { owner: 'FAMILY', kind: 'MONTH_DAY', day: 10, days: 10, share: 0.8 };
const run = (habit: PaymentHabit, day: string, from: string) => isoDay(runDay(habit, dayNumber(day), dayNumber(from)));

describe('payment-day habit (hand-computed)', () => {
  it('needs 8 payment days, 70% of them on one weekday', () => {
    // 7 Fridays: too few days to tell
    expect(paymentHabit(daysOf(FRIDAYS))).toBeNull();
    // 7 Fridays and a Tuesday: 7 of 8 (87.5%) on Fridays
    expect(paymentHabit(daysOf([...FRIDAYS, '2026-11-17']))).toEqual(friday);
    // 5 Fridays, 3 other days: 5 of 8 (62.5%), under 70%
    expect(paymentHabit(daysOf([...FRIDAYS.slice(0, 5), '2026-11-16', '2026-11-17', '2026-11-18']))).toBeNull();
  });

  it('takes a run around a day of the month first: 80% of the days within 5 days of the month', () => {
    // 8 of 10 days between the 8th and the 12th (each in another month, on varied weekdays)
    const days = ['09', '10', '10', '11', '12', '10', '09', '11', '03', '20'].map((d, k) =>
      isoDay(dayNumber(`2026-${String(k + 1).padStart(2, '0')}-${d}`)),
    );
    // offsets from the 8th, sorted: 1 1 2 2 2 3 3 4; the middle one (4th of 8) is 2: the 10th
    expect(paymentHabit(daysOf(days), 'FAMILY')).toEqual(tenth);
    // 7 of 10 in the run: under 80%, and no weekday holds 70%
    expect(paymentHabit(daysOf([...days.slice(0, 7), '2026-08-03', '2026-09-20', '2026-10-25']))).toBeNull();
  });

  it('reads a run across the end of the month', () => {
    const days = [
      '2026-01-30',
      '2026-01-31',
      '2026-03-01',
      '2026-04-02',
      '2026-05-01',
      '2026-05-30',
      '2026-05-31',
      '2026-07-01',
    ];
    // the 30th to the 2nd: offsets 0 1 2 3 2 0 1 2, sorted 0 0 1 1 2 2 2 3; the 4th is 1: the 31st
    expect(paymentHabit(daysOf(days))).toMatchObject({ kind: 'MONTH_DAY', day: 31, share: 1 });
  });

  it('moves a day to the nearest run day, never before the first day of the forecast', () => {
    // Wednesday 02/12/2026: Friday 04/12 is 2 days on; Monday 30/11: Friday 27/11 is 3 days back
    expect(run(friday, '2026-12-02', '2026-11-29')).toBe('2026-12-04');
    expect(run(friday, '2026-11-30', '2026-11-20')).toBe('2026-11-27');
    expect(run(friday, '2026-11-30', '2026-11-29')).toBe('2026-12-04');
    // 20/12: 10/12 is 10 days back, 10/01 21 on; from 15/12 the next run is 10/01
    expect(run(tenth, '2026-12-20', '2026-11-29')).toBe('2026-12-10');
    expect(run(tenth, '2026-12-20', '2026-12-15')).toBe('2027-01-10');
    // a run on the 31st falls on the 30th in November
    expect(run({ ...tenth, day: 31 }, '2026-11-26', '2026-11-01')).toBe('2026-11-30');
  });

  it('joins the outcomes that land on the same run day', () => {
    // due Wednesday 02/12: 1 day late (Thu 03/12) and 3 days late (Sat 05/12) both go to Fri 04/12
    const due = dayNumber('2026-12-02');
    const outcomes = [
      { daysLate: 1, share: 0.25 },
      { daysLate: 3, share: 0.25 },
      { daysLate: 12, share: 0.5 },
    ];
    // 12 days late is Monday 14/12: back to Friday 11/12, 9 days late
    expect(onRunDays(outcomes, friday, due, dayNumber('2026-11-29'))).toEqual([
      { daysLate: 2, share: 0.5 },
      { daysLate: 9, share: 0.5 },
    ]);
  });

  it('places the predicted payment on its run day and says so', () => {
    const own: LatenessProfile = {
      level: 'ACCOUNT',
      points: [
        { daysLate: 1, count: 4, amount: 4000, open: 0 },
        { daysLate: 12, count: 4, amount: 4000, open: 0 },
      ],
    };
    const p = predictPayment(
      { due: '2026-12-02', promisedDate: null, disputedSince: null },
      [own],
      '2026-11-29',
      friday,
    );
    expect(p.outcomes).toEqual([
      { daysLate: 2, share: 0.5 },
      { daysLate: 9, share: 0.5 },
    ]);
    expect(p).toMatchObject({ date: '2026-12-04', low: '2026-12-04', high: '2026-12-11' });
    expect(p.reason).toBe(
      'Pays 7 days late on average (8 invoices, last 12 months); pays on Fridays (7 of 8 payment days)',
    );
    const family = predictPayment(
      { due: '2026-12-02', promisedDate: null, disputedSince: null },
      [own],
      '2026-11-29',
      tenth,
    );
    // 1 day late (03/12) and 12 days late (14/12) are both nearest the 10th of December
    expect(family.outcomes).toEqual([{ daysLate: 8, share: 1 }]);
    expect(family.reason).toMatch(/; its family pays around the 10th of the month \(8 of 10 payment days\)$/);
  });
});
