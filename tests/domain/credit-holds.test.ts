import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_RULES, holdReasons } from '@/lib/domain/credit-holds';

const clean = {
  balance: 50_000,
  unallocated: 0,
  creditLimit: 100_000,
  oldestDaysPastDue: 20,
  overdueBeyond: 0,
  brokenPromises: 0,
  returnedCheques: 0,
};

describe('credit hold reasons', () => {
  it('holds nothing for an account within its limit, recent debt and kept promises', () => {
    expect(holdReasons(clean, DEFAULT_HOLD_RULES)).toEqual([]);
  });
  it('names every rule that holds, with the amounts', () => {
    expect(
      holdReasons(
        {
          balance: 1_25_000,
          unallocated: 0,
          creditLimit: 1_00_000,
          oldestDaysPastDue: 132,
          overdueBeyond: 40_000,
          brokenPromises: 2,
          returnedCheques: 2,
        },
        DEFAULT_HOLD_RULES,
      ),
    ).toEqual([
      'Over its credit limit of ₹1,00,000.00 by ₹25,000.00',
      '₹40,000.00 more than 90 days past due (oldest 132 days)',
      '2 promises to pay broken in the last 90 days',
      '2 cheques returned unpaid in the last 180 days',
    ]);
  });
  it("holds on bounced cheques from the rule's count: one bounce is not two", () => {
    expect(holdReasons({ ...clean, returnedCheques: 1 }, DEFAULT_HOLD_RULES)).toEqual([]);
    expect(
      holdReasons(
        { ...clean, returnedCheques: 1 },
        { ...DEFAULT_HOLD_RULES, returnedCheques: 1, returnedChequeDays: 365 },
      ),
    ).toEqual(['1 cheque returned unpaid in the last 365 days']);
  });
  it('holds at the limit exactly? no: only over it; 90 days exactly is not over 90; rules switched off hold nothing', () => {
    expect(holdReasons({ ...clean, balance: 100_000 }, DEFAULT_HOLD_RULES)).toEqual([]);
    expect(holdReasons({ ...clean, oldestDaysPastDue: 90 }, DEFAULT_HOLD_RULES)).toEqual([]);
    expect(holdReasons({ ...clean, creditLimit: null, balance: 9e9 }, DEFAULT_HOLD_RULES)).toEqual([]);
    expect(
      holdReasons(
        {
          balance: 2e5,
          unallocated: 0,
          creditLimit: 1e5,
          oldestDaysPastDue: 400,
          overdueBeyond: 1,
          brokenPromises: 9,
          returnedCheques: 9,
        },
        { overLimit: false, daysPastDue: null, brokenPromises: null, returnedCheques: null, returnedChequeDays: 180 },
      ),
    ).toEqual([]);
  });
  it('draws on the limit with the net balance: money on account counts before it is allocated', () => {
    // ₹1,25,000 of bills, ₹40,000 paid on account: ₹85,000 drawn on a ₹1,00,000 limit, not held.
    expect(holdReasons({ ...clean, balance: 1_25_000, unallocated: -40_000 }, DEFAULT_HOLD_RULES)).toEqual([]);
    // ₹1,25,000 of bills, ₹15,000 on account: ₹1,10,000 drawn, over by ₹10,000.
    expect(holdReasons({ ...clean, balance: 1_25_000, unallocated: -15_000 }, DEFAULT_HOLD_RULES)).toEqual([
      'Over its credit limit of ₹1,00,000.00 by ₹10,000.00 (after ₹15,000.00 received on account)',
    ]);
    // Exactly at the limit once netted: not over it.
    expect(holdReasons({ ...clean, balance: 1_20_000, unallocated: -20_000 }, DEFAULT_HOLD_RULES)).toEqual([]);
  });
});
