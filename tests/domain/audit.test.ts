import { describe, expect, it } from 'vitest';
import { changedFields, shortValue } from '@/lib/domain/audit';

describe('what a change changed', () => {
  it('names the fields whose value differs, nothing else', () => {
    expect(
      changedFields(
        { upiVpa: null, bankName: 'SBI', upiLimit: 100000 },
        { upiVpa: 'x@icici', bankName: 'SBI', upiLimit: 100000, bankIfsc: 'ICIC0000001' },
      ),
    ).toEqual([
      { field: 'upiVpa', before: null, after: 'x@icici' },
      { field: 'bankIfsc', before: undefined, after: 'ICIC0000001' },
    ]);
  });

  it('compares lists and records by value', () => {
    expect(changedFields({ granted: ['A', 'B'] }, { granted: ['A', 'B'] })).toEqual([]);
    expect(changedFields({ granted: ['A'] }, { granted: ['A', 'B'] })).toEqual([
      { field: 'granted', before: ['A'], after: ['A', 'B'] },
    ]);
  });

  it('has nothing to say of an event that changed nothing', () => {
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields(undefined, { a: 1 })).toEqual([{ field: '', before: undefined, after: { a: 1 } }]);
  });

  it('writes values short', () => {
    expect(shortValue(null)).toBe('—');
    expect(shortValue(['A', 'B'])).toBe('A, B');
    expect(shortValue([])).toBe('(none)');
    expect(shortValue({ a: 1 })).toBe('{"a":1}');
  });
});
