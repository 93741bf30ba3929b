import { describe, expect, it } from 'vitest';
import {
  addSums,
  backtestMonthEnds,
  cashOf,
  cashSums,
  forecastDifferences,
  improvement,
  mape,
  mapeOf,
  ruleSums,
  weeklyCash,
  percentile80,
  withBand,
} from '@/lib/domain/cash-forecast';

describe('weekly cash (hand-computed)', () => {
  const from = '2026-11-20';
  const history = (outcomes: { daysLate: number; share: number }[]) => ({ basis: 'HISTORY' as const, outcomes });

  it('spreads each debt over the weeks of its outcomes and counts what is left out', () => {
    const cash = weeklyCash(
      [
        // due 20 Nov: half on the day (week 1), half 10 days later, 30 Nov (week 2)
        {
          due: '2026-11-20',
          open: 1000,
          prediction: history([
            { daysLate: 0, share: 0.5 },
            { daysLate: 10, share: 0.5 },
          ]),
        },
        // promised for 1 Dec (61 days after its due date of 1 Oct): week 2
        { due: '2026-10-01', open: 400, prediction: { basis: 'PROMISED', outcomes: [{ daysLate: 61, share: 1 }] } },
        // 40% expected on 5 Dec (week 3: after the two weeks asked for), 60% never
        { due: '2026-11-25', open: 500, prediction: history([{ daysLate: 10, share: 0.4 }]) },
        { due: '2026-09-01', open: 700, prediction: { basis: 'DISPUTED', outcomes: [] } },
        { due: '2025-09-01', open: 300, prediction: { basis: 'NOT_EXPECTED', outcomes: [] } },
      ],
      from,
      2,
    );
    expect(cash.weeks).toEqual([
      // 1000 x 0.5; variance 1000² x 0.5 x 0.5 = 250,000
      { weekStart: '2026-11-20', weekEnd: '2026-11-26', expected: 500, spread: 500 },
      // 500 + 400 (certain: no variance)
      { weekStart: '2026-11-27', weekEnd: '2026-12-03', expected: 900, spread: 500 },
    ]);
    expect(cash.later).toBe(200);
    expect(cash.disputed).toBe(700);
    expect(cash.notExpected).toBe(300);
    // 60% of the 500 due 25 Nov is never paid by history: the parts add up to the 2,900 owed
    expect(cash.unlikely).toBeCloseTo(300, 9);
    expect(500 + 900 + cash.later + cash.disputed + cash.notExpected + cash.unlikely).toBeCloseTo(2900, 9);
  });

  it('puts a debt expected before the first day in week 1', () => {
    const cash = weeklyCash(
      [{ due: '2026-11-01', open: 100, prediction: history([{ daysLate: 0, share: 1 }]) }],
      from,
      1,
    );
    expect(cash.weeks[0]!.expected).toBe(100);
  });
});

describe('back-test', () => {
  it('starts from the last 6 month ends whose next 4 weeks are over', () => {
    // 31 Oct + 28 days = 28 Nov, not over on 24 Nov
    expect(backtestMonthEnds('2026-11-24')).toEqual([
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
    ]);
    expect(backtestMonthEnds('2026-11-29').at(-1)).toBe('2026-10-31');
    // across a year: 31 Jan + 28 days is 28 Feb, not over on 15 Feb
    expect(backtestMonthEnds('2026-02-15', 2)).toEqual(['2025-11-30', '2025-12-31']);
  });

  it('averages the absolute errors of the weeks that collected something', () => {
    expect(
      mape([
        { monthEnd: '2026-09-30', weekStart: '2026-10-01', forecast: 110, actual: 100 },
        { monthEnd: '2026-09-30', weekStart: '2026-10-08', forecast: 90, actual: 100 },
        { monthEnd: '2026-09-30', weekStart: '2026-10-15', forecast: 50, actual: 0 },
        { monthEnd: '2026-09-30', weekStart: '2026-10-22', forecast: 130, actual: 100 },
      ]),
    ).toBe(16.7);
    expect(mape([])).toBeNull();
  });

  it("bands each week by the back-test's error at that distance, or the debts' own spread when wider", () => {
    const points = [
      { monthEnd: '2026-09-30', weekStart: '2026-10-01', forecast: 110, actual: 100 },
      { monthEnd: '2026-09-30', weekStart: '2026-10-08', forecast: 80, actual: 100 },
      { monthEnd: '2026-09-30', weekStart: '2026-10-15', forecast: 100, actual: 100 },
      { monthEnd: '2026-09-30', weekStart: '2026-10-22', forecast: 70, actual: 100 },
    ];
    const weeks = [
      { weekStart: '2026-11-20', weekEnd: '2026-11-26', expected: 1000, spread: 0 },
      { weekStart: '2026-11-27', weekEnd: '2026-12-03', expected: 1000, spread: 500 },
      { weekStart: '2026-12-04', weekEnd: '2026-12-10', expected: 1000, spread: 0 },
      { weekStart: '2026-12-11', weekEnd: '2026-12-17', expected: 1000, spread: 0 },
      { weekStart: '2026-12-18', weekEnd: '2026-12-24', expected: 1000, spread: 0 },
    ];
    expect(withBand(weeks, points).map((w) => [w.low, w.high])).toEqual([
      [900, 1100], // week 1 missed by 10%
      [359.2, 1640.8], // 20% is 200, but 1.2816 x 500 = 640.8 is wider
      [1000, 1000], // week 3 was exact
      [700, 1300], // 30%
      [700, 1300], // past the back-test's 4 weeks: its week 4
    ]);
  });

  it('draws the band at the 80th percentile of the misses, and a back-test month end from the others only', () => {
    // week 1 of five month ends missed by 0%, 10%, 20%, 30% and 40% of what came in
    const ends = [
      ['2026-05-31', '2026-06-01'],
      ['2026-06-30', '2026-07-01'],
      ['2026-07-31', '2026-08-01'],
      ['2026-08-31', '2026-09-01'],
      ['2026-09-30', '2026-10-01'],
    ];
    const points = [0, 10, 20, 30, 40].map((miss, k) => ({
      monthEnd: ends[k]![0]!,
      weekStart: ends[k]![1]!,
      forecast: 100 + miss,
      actual: 100,
    }));
    // rank 0.8 x (5 + 1) = 4.8 of 5 (the 4th and 5th, 30% and 40%): 30% + 0.8 x 10% = 38%
    expect(percentile80([0.4, 0, 0.3, 0.1, 0.2])).toBeCloseTo(0.38, 10);
    // rank 0.8 x 3 = 2.4 of 2: past the last, the last
    expect(percentile80([0.1, 0.3])).toBe(0.3);
    expect(percentile80([0.25])).toBe(0.25);
    expect(percentile80([])).toBeNull();
    const week = [{ weekStart: '2026-11-20', weekEnd: '2026-11-26', expected: 1000, spread: 0 }];
    expect(withBand(week, points).map((w) => [w.low, w.high])).toEqual([[620, 1380]]);
    // without the 40% month end: rank 0.8 x 5 = 4 of 0, 10, 20, 30%: the 4th, 30%
    expect(withBand(week, points, '2026-09-30').map((w) => [w.low, w.high])).toEqual([[700, 1300]]);
    // a week that collected nothing says nothing of the error
    const quiet = [...points, { monthEnd: '2026-10-31', weekStart: '2026-11-01', forecast: 500, actual: 0 }];
    expect(withBand(week, quiet).map((w) => [w.low, w.high])).toEqual([[620, 1380]]);
  });
});

describe('sums that add up across accounts', () => {
  const from = '2026-11-20';
  const debt = (due: string, open: number, daysLate: number, share = 1) => ({
    due,
    open,
    prediction: { basis: 'HISTORY' as const, outcomes: [{ daysLate, share }] },
  });
  it('gives the same weeks whether the debts are summed at once or account by account', () => {
    const a = [debt('2026-11-20', 1000, 0, 0.5), debt('2026-11-21', 300, 9)];
    const b = [debt('2026-11-22', 200, 15), debt('2026-12-30', 900, 0)];
    const whole = cashSums([...a, ...b], from, 3);
    const parts = addSums(cashSums(a, from, 3), cashSums(b, from, 3));
    expect(parts).toEqual(whole);
    // 500 in week 1 (variance 1000² x 0.25), 300 on day 10 (week 2), 200 on day 17 (week 3), 900 on day 40
    expect(cashOf(parts, from, 3).weeks.map((w) => [w.expected, w.spread])).toEqual([
      [500, 500],
      [300, 0],
      [200, 0],
    ]);
    expect(cashOf(parts, from, 3).later).toBe(900);
    // Two weeks asked of sums kept for three: the third week's 200 is expected later.
    expect(cashOf(parts, from, 2).later).toBe(1100);
    // Taking an account away leaves the other's.
    expect(addSums(parts, cashSums(b, from, 3), -1).expected).toEqual(cashSums(a, from, 3).expected);
  });

  it('tells two forecasts apart by more than a paisa, or by a missing figure', () => {
    expect(forecastDifferences({ total: 100.0, weeks: [1, 2] }, { total: 100.01, weeks: [1, 2] })).toEqual([]);
    expect(forecastDifferences({ total: 100 }, { total: 100.02 })).toEqual(['forecast.total: 100 against 100.02']);
    expect(forecastDifferences({ mape: 5.8 }, { mape: 5.85 })).toEqual([]);
    expect(forecastDifferences({ weeks: [1] }, { weeks: [1, 2] })).toEqual(['forecast.weeks.1: undefined against 2']);
  });
});

describe('the simple rules of the back-test (hand-computed)', () => {
  // From 01/11/2026 (the day after a month end), four weeks of seven days: 1-7, 8-14, 15-21, 22-28 November.
  const from = '2026-11-01';
  const debts = [
    // due 05/11 (week 1), issued 06/10: + 40 days = 15/11 (week 3)
    { issued: '2026-10-06', due: '2026-11-05', open: 1000, disputed: false },
    // due 20/10, already past: week 1 by both rules (20/09 + 40 = 30/10, past too)
    { issued: '2026-09-20', due: '2026-10-20', open: 500, disputed: false },
    // due 30/11, after the 4 weeks; 21/10 + 40 = 30/11: after them too
    { issued: '2026-10-21', due: '2026-11-30', open: 700, disputed: false },
    // in dispute at the month end: left out, as from the cash it is compared with
    { issued: '2026-10-10', due: '2026-11-09', open: 9000, disputed: true },
  ];

  it('places each debt on its due date, and after its customer’s mean days to settle', () => {
    // the due-date rule's 4 weeks, then the customer-mean rule's
    expect(ruleSums(debts, 40, from, 4)).toEqual([1500, 0, 0, 0, 500, 0, 1000, 0]);
  });

  it('without a mean (no bill settled in the year) the customer-mean rule is the due date', () => {
    expect(ruleSums(debts, null, from, 4)).toEqual([1500, 0, 0, 0, 1500, 0, 0, 0]);
  });

  it('scores a rule as the model is scored, and says how much lower the model’s error is', () => {
    const points = [
      { actual: 1000, model: 900, rule: 2000 },
      { actual: 500, model: 500, rule: 0 },
      { actual: 0, model: 300, rule: 700 }, // nothing collected: not counted
    ];
    // model: (10% + 0%) / 2 = 5%; rule: (100% + 100%) / 2 = 100%
    expect(mapeOf(points, (p) => p.model)).toBe(5);
    expect(mapeOf(points, (p) => p.rule)).toBe(100);
    expect(improvement(5, 100)).toBe(95);
    expect(improvement(30, 24)).toBe(-25); // the model's error a quarter higher
    expect(improvement(null, 24)).toBeNull();
    expect(improvement(5, 0)).toBeNull();
  });
});
