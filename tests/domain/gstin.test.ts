import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem } from '@/lib/domain/gstin';

describe('GSTIN', () => {
  it('computes the check character of published GSTINs', () => {
    // The GST portal's own example GSTIN.
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('accepts a well-formed GSTIN in any case and refuses typing mistakes with a reason', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem(' 27aapfu0939f1zv ')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('2AAAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/01 to 38/);
  });
});
