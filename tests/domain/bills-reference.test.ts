import { describe, expect, it } from 'vitest';
import { billsReference } from '@/lib/domain/bills-reference';

describe('billsReference (the note of a payment for chosen bills)', () => {
  it('names one bill, or every bill when they fit', () => {
    expect(billsReference(['INV-1'])).toBe('Bill INV-1');
    expect(billsReference(['INV-1', 'INV-22'])).toBe('Bills INV-1, INV-22');
  });

  it('gives way to "+N more" past the note length, never cutting a number', () => {
    // 'Bills ' (6) + 'AAAA, BBBB' (10) = 16 > 15; 'Bills AAAA +1 more' = 18 > 15; no number fits.
    expect(billsReference(['AAAA', 'BBBB'], 15)).toBe('2 bills');
    // 'Bills AAAA, BBBB, CCCC' = 22 > 20; 'Bills AAAA +2 more' = 18 ≤ 20.
    expect(billsReference(['AAAA', 'BBBB', 'CCCC'], 20)).toBe('Bills AAAA +2 more');
    const many = Array.from({ length: 20 }, (_, i) => `VTC/25-26/${String(1000 + i)}`);
    const note = billsReference(many);
    expect(note.length).toBeLessThanOrEqual(80);
    // Each number is 14 characters, ', ' between: 'Bills ' + 4 numbers (4*14 + 3*2 = 62) + ' +16 more' (9) = 77.
    expect(note).toBe('Bills VTC/25-26/1000, VTC/25-26/1001, VTC/25-26/1002, VTC/25-26/1003 +16 more');
  });
});
