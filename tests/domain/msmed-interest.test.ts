import { addDays, format, lastDayOfMonth, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BANK_RATES } from '@/lib/domain/bank-rates';
import {
  bankRateOn,
  interestApplies,
  msmedInterest,
  statutoryDueDate,
  type InterestInput,
} from '@/lib/domain/msmed-interest';

/*
 * Hand computations. The invoices are of ₹3,65,000, so that one day's interest is a round figure:
 * 3,65,000 x 3 x Bank Rate / 100 / 365 = 3,000 x Bank Rate.
 *   Bank Rate 6.75% (from 08/02/2023): 3 x 6.75 = 20.25% a year, ₹202.50 a day.
 *   Bank Rate 6.50% (from 07/02/2025): 19.50% a year, ₹195.00 a day.
 */
const RATES = [
  { effectiveFrom: '2023-02-08', ratePercent: 6.75 },
  { effectiveFrom: '2025-02-07', ratePercent: 6.5 },
];
const AMOUNT = 3_65_000;

describe('statutory due date (MSMED s15, s2(b))', () => {
  it('is acceptance + 15 days with nothing agreed, + the agreed days up to 45', () => {
    expect(statutoryDueDate('2024-03-01', null)).toBe('2024-03-16');
    expect(statutoryDueDate('2024-01-10', 30)).toBe('2024-02-09');
    // 60 agreed days count as 45: 01/01 + 45 = 15/02.
    expect(statutoryDueDate('2024-01-01', 60)).toBe('2024-02-15');
    expect(statutoryDueDate('2024-01-01', 45)).toBe('2024-02-15');
  });
  it('applies to micro and small suppliers only', () => {
    expect(interestApplies('MICRO')).toBe(true);
    expect(interestApplies('SMALL')).toBe(true);
    expect(interestApplies('MEDIUM')).toBe(false);
    expect(interestApplies(null)).toBe(false);
  });
  it('finds the Bank Rate in force on a day', () => {
    expect(bankRateOn(RATES, '2025-02-06')).toBe(6.75);
    expect(bankRateOn(RATES, '2025-02-07')).toBe(6.5);
    expect(bankRateOn(RATES, '2020-01-01')).toBe(6.75); // before the table: its earliest rate
  });
});

describe('s16 interest, compound with monthly rests at 3x the Bank Rate', () => {
  it('crosses a month end: the month is added to the base (month boundary)', () => {
    // Invoice 01/03/2024, nothing agreed: due 16/03/2024, interest from 17/03.
    // March 17..31 = 15 days x 202.50 = 3,037.50, added to the base at 31/03: 3,68,037.50.
    // April 1..15 = 15 days x 3,68,037.50 x 20.25% / 365 = 15 x 204.185188 = 3,062.78.
    // Total 3,037.50 + 3,062.78 = 6,100.28 (simple interest would be 30 x 202.50 = 6,075.00).
    const r = msmedInterest({ amount: AMOUNT, dueDate: '2024-03-16', payments: [], asOf: '2024-04-15', rates: RATES });
    expect(r.interest).toBe(6100.28);
    expect(r.daysBeyond).toBe(30);
    expect(r.principalOutstanding).toBe(AMOUNT);
    expect(r.months).toEqual([
      { month: '2024-03', openingBase: 365000, ratePercent: 20.25, days: 15, interest: 3037.5 },
      { month: '2024-04', openingBase: 368037.5, ratePercent: 20.25, days: 15, interest: 3062.78 },
    ]);
  });

  it('owes nothing for a payment on day 45, one day for a payment on day 46', () => {
    // Invoice 01/01/2024 with 60 agreed days: due 15/02/2024 (day 45).
    const due = statutoryDueDate('2024-01-01', 60);
    const paidDay45 = msmedInterest({
      amount: AMOUNT,
      dueDate: due,
      payments: [{ date: '2024-02-15', amount: AMOUNT }],
      asOf: '2024-06-30',
      rates: RATES,
    });
    expect(paidDay45).toMatchObject({ interest: 0, daysBeyond: 0, principalOutstanding: 0 });
    // Paid 16/02/2024 (day 46): one day, 202.50.
    const paidDay46 = msmedInterest({
      amount: AMOUNT,
      dueDate: due,
      payments: [{ date: '2024-02-16', amount: AMOUNT }],
      asOf: '2024-06-30',
      rates: RATES,
    });
    expect(paidDay46).toMatchObject({ interest: 202.5, daysBeyond: 1, principalOutstanding: 0 });
  });

  it('counts 30 agreed days for a customer with 30 days, through a leap February', () => {
    // Invoice 10/01/2024, 30 agreed days: due 09/02/2024. 10/02..29/02 = 20 days x 202.50 = 4,050.00.
    const r = msmedInterest({
      amount: AMOUNT,
      dueDate: statutoryDueDate('2024-01-10', 30),
      payments: [],
      asOf: '2024-02-29',
      rates: RATES,
    });
    expect(r).toMatchObject({ interest: 4050, daysBeyond: 20 });
  });

  it('lowers the principal by a part-payment in the middle', () => {
    // Invoice 01/06/2024, nothing agreed: due 16/06. 1,82,500 paid 20/06.
    // 17..20/06 = 4 days x 202.50 = 810.00 (the payment counts from the next day);
    // 21..30/06 = 10 days x 1,82,500 x 20.25% / 365 = 10 x 101.25 = 1,012.50. Total 1,822.50.
    const r = msmedInterest({
      amount: AMOUNT,
      dueDate: statutoryDueDate('2024-06-01', null),
      payments: [{ date: '2024-06-20', amount: 1_82_500 }],
      asOf: '2024-06-30',
      rates: RATES,
    });
    expect(r).toMatchObject({ interest: 1822.5, principalOutstanding: 182500, daysBeyond: 14 });
  });

  it('follows a Bank Rate change in the middle', () => {
    // Invoice 01/01/2025, nothing agreed: due 16/01/2025.
    // 17..31/01 = 15 x 202.50 = 3,037.50, added at 31/01: base 3,68,037.50.
    // 01..06/02 at 6.75%: 6 x 3,68,037.50 x 20.25% / 365 = 6 x 204.185188 = 1,225.111130
    // 07..15/02 at 6.50%: 9 x 3,68,037.50 x 19.50% / 365 = 9 x 196.622774 = 1,769.604966
    // Total 3,037.50 + 1,225.111130 + 1,769.604966 = 6,032.216096 -> 6,032.22.
    const r = msmedInterest({
      amount: AMOUNT,
      dueDate: statutoryDueDate('2025-01-01', null),
      payments: [],
      asOf: '2025-02-15',
      rates: RATES,
    });
    expect(r.interest).toBe(6032.22);
    expect(r.months[1]).toMatchObject({ month: '2025-02', ratePercent: 19.5, days: 15, interest: 2994.72 });
  });

  it('owes nothing before the due date, and stops growing once the principal is paid', () => {
    expect(
      msmedInterest({ amount: AMOUNT, dueDate: '2024-03-16', payments: [], asOf: '2024-03-16', rates: RATES }),
    ).toMatchObject({ interest: 0, daysBeyond: 0 });
    // Paid in full 20/03: 4 days x 202.50 = 810.00, still 810.00 months later (it stays owed).
    const r = msmedInterest({
      amount: AMOUNT,
      dueDate: '2024-03-16',
      payments: [{ date: '2024-03-20', amount: AMOUNT }],
      asOf: '2024-12-31',
      rates: RATES,
    });
    expect(r).toMatchObject({ interest: 810, daysBeyond: 4, principalOutstanding: 0 });
  });
});

/**
 * The rule in its plainest form, a day at a time: each day after the due date while principal is
 * owed earns (principal + interest added at earlier month ends) x 3 x that day's Bank Rate / 365; a
 * payment lowers the principal at the end of its day; each month end adds the month's interest to
 * the base. msmedInterest works in spans over which nothing changes and must agree with it.
 */
function dayByDay(input: InterestInput) {
  const iso = (d: Date) => format(d, 'yyyy-MM-dd');
  const payments = [...input.payments].sort((a, b) => a.date.localeCompare(b.date));
  let principal = input.amount;
  let capitalised = 0;
  let accrued = 0;
  let paidOn: string | null = null;
  const months = new Map<string, { days: number; interest: number }>();
  for (const p of payments.filter((x) => x.date <= input.dueDate)) principal -= p.amount;
  if (principal <= 0.005) paidOn = input.dueDate;
  for (let d = addDays(parseISO(input.dueDate), 1); iso(d) <= input.asOf && principal > 0.005; d = addDays(d, 1)) {
    const today = iso(d);
    const earned = ((principal + capitalised) * 3 * bankRateOn(input.rates, today)!) / 100 / 365;
    accrued += earned;
    const m = months.get(today.slice(0, 7)) ?? { days: 0, interest: 0 };
    months.set(today.slice(0, 7), { days: m.days + 1, interest: m.interest + earned });
    for (const p of payments.filter((x) => x.date === today)) principal -= p.amount;
    if (principal <= 0.005 && !paidOn) paidOn = today;
    if (iso(lastDayOfMonth(d)) === today) {
      capitalised += accrued;
      accrued = 0;
    }
  }
  const stop = paidOn ?? input.asOf;
  return {
    interest: Math.round((capitalised + accrued) * 100) / 100,
    daysBeyond: Math.max(0, Math.round((parseISO(stop).getTime() - parseISO(input.dueDate).getTime()) / 86_400_000)),
    months: [...months].map(([month, m]) => ({ month, days: m.days, interest: Math.round(m.interest * 100) / 100 })),
  };
}

describe('msmedInterest against the rule a day at a time', () => {
  it('agrees on 300 seeded cases: long spans, part payments, Bank Rate changes, leap years', () => {
    let seed = 20_240_229;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const day = (from: string, plus: number) => format(addDays(parseISO(from), plus), 'yyyy-MM-dd');
    for (let k = 0; k < 300; k++) {
      const dueDate = day('2021-06-01', next(1400));
      const amount = 1000 + next(900_000);
      const payments = Array.from({ length: next(4) }, () => ({
        date: day(dueDate, next(500) - 30),
        amount: Math.round(amount * (next(60) + 1)) / 100,
      }));
      const input = { amount, dueDate, payments, asOf: day(dueDate, next(900) - 20), rates: DEFAULT_BANK_RATES };
      const ours = msmedInterest(input);
      const plain = dayByDay(input);
      expect(ours.interest, JSON.stringify(input)).toBe(plain.interest);
      expect(ours.daysBeyond, JSON.stringify(input)).toBe(plain.daysBeyond);
      expect(
        ours.months.map((m) => ({ month: m.month, days: m.days, interest: m.interest })),
        JSON.stringify(input),
      ).toEqual(plain.months);
    }
  });
});
