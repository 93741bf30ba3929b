import { describe, expect, it } from 'vitest';
import {
  journalEntry,
  lossRates,
  monthEndsBefore,
  previousQuarterEnd,
  rollRates,
  segmentProvision,
  type MonthEnd,
} from '@/lib/domain/provision';

const LABELS = ['current', '1-30', '31-60', '61-90', '90+'];
const ZERO = [0, 0, 0, 0, 0];

/**
 * IFRS 9 Illustrative Example 12: a provision matrix of 0.3%, 1.6%, 3.6%, 6.6% and 10.6% on
 * receivables of 15,000,000 / 7,500,000 / 4,000,000 / 2,500,000 / 1,000,000 (30,000,000) gives
 * lifetime expected credit losses of 45,000 + 120,000 + 144,000 + 165,000 + 106,000 = 580,000.
 *
 * A ledger built for it: twelve month ends of a steady book where each bucket rolls on to the next
 * at r_i = L_i / L_(i+1), nothing is recovered once over 90 days, and 10.6% of the 90+ balance is
 * written off each month. Steady balances B_i = C / L_i up to 61-90 (B_(i+1) = r_i B_i), and
 * B_90+ = C / 0.106^2 (what enters it, r_3 B_3 = C / 0.106, is what leaves it, 0.106 B_90+); with
 * 1000 C = 4,449,456 (1,584, the lcm of 3, 16, 36 and 66, times 2,809 = 53^2) every figure is whole:
 * 1,483,152 / 278,091 / 123,596 / 67,416 / 396,000, and 41,976 written off a month.
 */
const STEADY = [1_483_152, 278_091, 123_596, 67_416, 396_000];
const ifrsHistory: MonthEnd[] = monthEndsBefore('2026-03-31', 13).map((date) => ({
  date,
  balances: STEADY,
  writtenOff: 41_976,
  writtenOffLater: ZERO,
}));

describe('the provision matrix', () => {
  it('reproduces IFRS 9 Illustrative Example 12 by the roll-rate method', () => {
    const rolls = rollRates(ifrsHistory, 5);
    // current -> 1-30: 12 x 278,091 / 12 x 1,483,152 = 0.1875 (= 0.3 / 1.6)
    expect(rolls[0]).toEqual({ numerator: 12 * 278_091, denominator: 12 * 1_483_152, rate: 0.1875 });
    // 61-90 -> 90+: the 90+ balance does not grow, 41,976 written off: 41,976 / 67,416 (= 6.6 / 10.6)
    expect(rolls[3]).toEqual({ numerator: 12 * 41_976, denominator: 12 * 67_416, rate: 41_976 / 67_416 });
    expect(rolls[4]!.rate).toBeCloseTo(0.106, 12); // 41,976 / 396,000
    const rates = lossRates('ROLL_RATE', ifrsHistory, 5);
    expect(rates.map((r) => Number(r.lossRate.toFixed(6)))).toEqual([0.003, 0.016, 0.036, 0.066, 0.106]);
    const matrix = segmentProvision(
      'All',
      LABELS,
      [15_000_000, 7_500_000, 4_000_000, 2_500_000, 1_000_000],
      rates,
      null,
    );
    expect(matrix.buckets.map((b) => b.allowance)).toEqual([45_000, 120_000, 144_000, 165_000, 106_000]);
    expect(matrix.allowance).toBe(580_000);
    expect(matrix.balance).toBe(30_000_000);
  });

  it('takes the share written off later by the simpler method', () => {
    // Two month ends: 90+ held 1,000 then 3,000, of which 100 and 500 were written off later: 600 / 4,000.
    const history: MonthEnd[] = [
      { date: '2026-01-31', balances: [10_000, 0, 0, 0, 1_000], writtenOff: 0, writtenOffLater: [50, 0, 0, 0, 100] },
      { date: '2026-02-28', balances: [30_000, 0, 0, 0, 3_000], writtenOff: 0, writtenOffLater: [0, 0, 0, 0, 500] },
    ];
    const rates = lossRates('WRITTEN_OFF', history, 5);
    expect(rates.map((r) => r.lossRate)).toEqual([0.00125, 0, 0, 0, 0.15]);
    expect(rates[4]!.working).toEqual({ numerator: 600, denominator: 4_000, rate: 0.15 });
  });

  it('scales the rates by the forward-looking adjustment, and gives nothing for a credit balance', () => {
    const rates = lossRates('ROLL_RATE', ifrsHistory, 5);
    const worse = segmentProvision('North', LABELS, [15_000_000, 7_500_000, 4_000_000, 2_500_000, -1_000], rates, {
      percent: 10,
      reason: 'Monsoon failure in the north: dealers stretched',
    });
    expect(worse.buckets[0]!.adjustment).toBeCloseTo(0.0003, 12);
    // 45,000 + 120,000 + 144,000 + 165,000 = 474,000, x 1.1 = 521,400; the -1,000 in 90+ carries none.
    expect(worse.allowance).toBe(521_400);
  });

  it('reads nothing into a bucket that never held a balance', () => {
    const rates = lossRates('ROLL_RATE', [], 5);
    expect(rates.every((r) => r.lossRate === 0 && r.working.rate === 0)).toBe(true);
  });

  it('counts into the open-ended last bucket only what entered it', () => {
    // 61-90 held 1,000; a month later 90+ went from 5,000 to 5,400 with 300 written off: 700 came in.
    const history: MonthEnd[] = [
      { date: '2026-01-31', balances: [0, 0, 0, 1_000, 5_000], writtenOff: 0, writtenOffLater: ZERO },
      { date: '2026-02-28', balances: [0, 0, 0, 0, 5_400], writtenOff: 300, writtenOffLater: ZERO },
    ];
    expect(rollRates(history, 5)[3]).toEqual({ numerator: 700, denominator: 1_000, rate: 0.7 });
  });

  it('caps a roll rate at 100%', () => {
    const history: MonthEnd[] = [
      { date: '2026-01-31', balances: [100, 0, 0, 0, 10], writtenOff: 0, writtenOffLater: ZERO },
      { date: '2026-02-28', balances: [0, 250, 0, 0, 0], writtenOff: 50, writtenOffLater: ZERO },
    ];
    const rolls = rollRates(history, 5);
    expect(rolls[0]!.rate).toBe(1);
    expect(rolls[4]!.rate).toBe(1);
  });

  it('knows the quarter ends and month ends', () => {
    expect(previousQuarterEnd('2026-03-31')).toBe('2025-12-31');
    expect(previousQuarterEnd('2026-04-01')).toBe('2026-03-31');
    expect(previousQuarterEnd('2026-11-29')).toBe('2026-09-30');
    expect(monthEndsBefore('2026-03-31', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(monthEndsBefore('2026-03-15', 2)).toEqual(['2026-01-31', '2026-02-28']);
    expect(monthEndsBefore('2024-03-10', 2)).toEqual(['2024-01-31', '2024-02-29']);
  });

  it('writes the journal entry of the movement', () => {
    const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;
    expect(journalEntry('2026-03-31', 580_000, 500_000, inr)).toBe(
      '31/03/2026: Dr Impairment loss on trade receivables (profit and loss) ₹80,000; Cr Allowance for expected credit losses (trade receivables) ₹80,000, raising the allowance from ₹5,00,000 to ₹5,80,000.',
    );
    expect(journalEntry('2026-03-31', 400_000, 500_000, inr)).toContain('written back (profit and loss) ₹1,00,000');
    expect(journalEntry('2026-03-31', 1, 1, inr)).toContain('no entry');
  });
});
