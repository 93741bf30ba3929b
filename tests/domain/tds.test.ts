import { describe, expect, it } from 'vitest';
import { DEFAULT_DEDUCTION_SETTINGS, deductionFor, taxableOf, tdsQuarter, withinTolerance } from '@/lib/domain/tds';

const settings = DEFAULT_DEDUCTION_SETTINGS; // GST 18%, every rate, ₹100 tolerance
const rupees = (r: number) => Math.round(r * 100);

describe('the taxable value', () => {
  it("is the invoice's own when the ERP exports it", () => {
    expect(taxableOf({ gross: rupees(118_000), taxable: rupees(95_000) }, 1800)).toBe(rupees(95_000));
  });
  it("is the gross less the client's usual GST otherwise: ₹1,18,000 at 18% is ₹1,00,000", () => {
    expect(taxableOf({ gross: rupees(118_000), taxable: null }, 1800)).toBe(rupees(100_000));
    expect(taxableOf({ gross: rupees(1_12_000), taxable: null }, 1200)).toBe(rupees(100_000));
  });
});

describe('what explains a receipt short of its invoices', () => {
  // One invoice of ₹1,18,000, ₹1,00,000 before GST.
  const one = { gross: rupees(118_000), taxable: rupees(100_000), count: 1 };

  it('paid in full', () => {
    expect(deductionFor(rupees(118_000), one, settings)).toEqual({
      kind: 'EXACT',
      tds: null,
      writeOff: 0,
      onAccount: 0,
    });
  });

  it.each([
    ['194Q', 10, 117_900],
    ['194C', 100, 117_000],
    ['194C', 200, 116_000], // 2%: 194C comes before 194J in the order of the rates
    ['194J', 1000, 108_000],
  ])('short by %s at %i bp of ₹1,00,000', (section, rateBp, received) => {
    expect(deductionFor(rupees(received), one, settings)).toEqual({
      kind: 'TDS',
      tds: { section, rateBp, amount: rupees(118_000 - received) },
      writeOff: 0,
      onAccount: 0,
    });
  });

  it('the TDS the customer rounded to the rupee is the TDS they deducted', () => {
    // ₹99,990 taxable at 10% is ₹9,999.00; the customer's books deducted ₹9,999.40.
    const odd = { gross: rupees(117_988.2), taxable: rupees(99_990), count: 1 };
    expect(deductionFor(rupees(117_988.2 - 9_999.4), odd, settings)?.tds).toEqual({
      section: '194J',
      rateBp: 1000,
      amount: rupees(9_999.4),
    });
  });

  it('a ₹40 short-payment is a small difference written off', () => {
    expect(deductionFor(rupees(117_960), one, settings)).toEqual({
      kind: 'DIFFERENCE',
      tds: null,
      writeOff: rupees(40),
      onAccount: 0,
    });
  });

  it('TDS and a small difference: 194Q ₹100 and ₹60 more', () => {
    expect(deductionFor(rupees(117_840), one, settings)).toEqual({
      kind: 'TDS_AND_DIFFERENCE',
      tds: { section: '194Q', rateBp: 10, amount: rupees(100) },
      writeOff: rupees(60),
      onAccount: 0,
    });
  });

  it('paid beyond the invoice: the excess on account', () => {
    expect(deductionFor(rupees(120_000), one, settings)).toEqual({
      kind: 'EXCESS',
      tds: null,
      writeOff: 0,
      onAccount: rupees(2_000),
    });
  });

  it('a shortfall nothing explains is no match', () => {
    expect(deductionFor(rupees(100_000), one, settings)).toBeNull();
  });

  it('only the rates the client allows', () => {
    expect(deductionFor(rupees(108_000), one, { ...settings, tdsRates: [{ section: '194Q', rateBp: 10 }] })).toBeNull();
  });
});

describe('the tolerance', () => {
  it('keeps within every limit set: ₹100 and 0.1% of ₹50,000 is ₹50', () => {
    const both = { maxPaise: rupees(100), maxBp: 10 };
    expect(withinTolerance(rupees(50), rupees(50_000), both)).toBe(true);
    expect(withinTolerance(rupees(51), rupees(50_000), both)).toBe(false);
    expect(withinTolerance(rupees(101), rupees(10_00_000), both)).toBe(false);
  });
  it('no limit set: nothing is written off', () => {
    expect(withinTolerance(1, rupees(50_000), { maxPaise: null, maxBp: null })).toBe(false);
  });
});

describe('the TDS quarter (Form 26AS)', () => {
  it.each([
    ['2026-04-01', '2026-27', 'Q1'],
    ['2026-06-30', '2026-27', 'Q1'],
    ['2026-07-01', '2026-27', 'Q2'],
    ['2026-11-04', '2026-27', 'Q3'],
    ['2027-01-15', '2026-27', 'Q4'],
    ['2027-03-31', '2026-27', 'Q4'],
    ['2099-12-31', '2099-00', 'Q3'],
  ])('%s is FY %s %s', (day, financialYear, quarter) => expect(tdsQuarter(day)).toEqual({ financialYear, quarter }));
});
