import { describe, expect, it } from 'vitest';
import type { OpenItem } from '@/lib/domain/cash-match';
import {
  adviceEvidence,
  adviceFit,
  adviceSettled,
  referenceKey,
  type CreditFacts,
  type OpenAdvice,
} from '@/lib/domain/remittance-evidence';

// Hand cases: a credit of ₹45,000 on 10/11/2026 with UTR HDFCN52026111000012345 and the bank's
// reference 000000712345.
const line: CreditFacts = {
  credit: 4_500_000,
  date: '2026-11-10',
  references: ['HDFCN52026111000012345', null, null, '000000712345'],
};
const advice = (id: number, over: Partial<OpenAdvice>): OpenAdvice => ({
  id,
  sysObligorCode: 'SG1',
  amount: 4_500_000,
  paidOn: '2026-11-08',
  reference: 'NOTHING1',
  invoices: ['I-1'],
  ...over,
});
const items: Record<string, OpenItem> = {
  'I-1': { sysInvoiceNum: 'I-1', sysObligorCode: 'SG1', open: 4_500_000, taxable: null, date: '2026-10-01' },
  'I-2': { sysInvoiceNum: 'I-2', sysObligorCode: 'SG1', open: 0, taxable: null, date: '2026-10-05' },
};

describe('remittance advice evidence', () => {
  it('compares references ignoring case, separators and leading zeros', () => {
    expect(referenceKey(' hdfcn5-2026 ')).toBe('HDFCN52026');
    expect(referenceKey('000712345')).toBe('712345');
    expect(adviceFit(advice(1, { reference: 'hdfcn52026111000012345', amount: 1 }), line)).toBe('REFERENCE');
    expect(adviceFit(advice(1, { reference: '712345', paidOn: '2026-01-01' }), line)).toBe('REFERENCE');
    // Too short to tell: no reference match, and a different amount.
    expect(adviceFit(advice(1, { reference: '0045', amount: 1 }), { ...line, references: ['45'] })).toBeNull();
  });

  it('takes the same amount paid 0 to 5 days before the value date', () => {
    expect(adviceFit(advice(1, { paidOn: '2026-11-10' }), line)).toBe('AMOUNT');
    expect(adviceFit(advice(1, { paidOn: '2026-11-05' }), line)).toBe('AMOUNT');
    expect(adviceFit(advice(1, { paidOn: '2026-11-04' }), line)).toBeNull();
    expect(adviceFit(advice(1, { paidOn: '2026-11-11' }), line)).toBeNull();
    expect(adviceFit(advice(1, { amount: 4_500_001 }), line)).toBeNull();
  });

  it('gives the reference advices alone when any, with their bills still open', () => {
    const evidence = adviceEvidence(
      [advice(1, {}), advice(2, { reference: '712345', paidOn: '2026-11-09', invoices: ['I-1', 'I-2', 'I-9'] })],
      line,
      (n) => items[n],
    );
    expect(evidence).toEqual([
      {
        adviceId: 2,
        said: "the customer's remittance advice of 09/11/2026 (reference 712345) names I-1",
        confidence: 0.97,
        items: [items['I-1']],
      },
    ]);
    expect(adviceEvidence([advice(3, {})], line, (n) => items[n])[0]).toMatchObject({ adviceId: 3, confidence: 0.75 });
    expect(adviceEvidence([advice(4, { invoices: ['I-2'] })], line, (n) => items[n])).toEqual([]);
  });

  it('settles the reference advice first, else the oldest by amount', () => {
    const older = advice(5, { paidOn: '2026-11-06' });
    const newer = advice(6, { paidOn: '2026-11-09' });
    expect(adviceSettled([newer, older], line)?.id).toBe(5);
    expect(adviceSettled([older, advice(7, { reference: 'HDFCN52026111000012345', amount: 9 })], line)?.id).toBe(7);
    expect(adviceSettled([advice(8, { amount: 9 })], line)).toBeUndefined();
  });
});
