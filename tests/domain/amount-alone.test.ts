import { describe, expect, it } from 'vitest';
import { amountIndex, matchByAmount } from '@/lib/domain/amount-alone';
import { allocationsFor, type OpenItem } from '@/lib/domain/cash-match';
import { DEFAULT_DEDUCTION_SETTINGS } from '@/lib/domain/tds';

const item = (
  sysInvoiceNum: string,
  code: string,
  rupees: number,
  date: string,
  taxable: number | null = null,
): OpenItem => ({
  sysInvoiceNum,
  sysObligorCode: code,
  open: rupees * 100,
  taxable: taxable === null ? null : taxable * 100,
  date,
});

describe('the amount alone', () => {
  const items = [
    item('A-1', 'A', 12_000, '2026-10-01'),
    item('B-1', 'B', 12_000, '2026-10-02'),
    item('C-1', 'C', 12_000, '2026-10-03'),
    item('D-1', 'D', 12_000, '2026-10-04'),
    item('E-1', 'E', 1_00_000, '2026-10-05', 90_000),
    item('E-2', 'E', 23_456.78, '2026-10-06'),
  ];
  const lookup = amountIndex(items, DEFAULT_DEDUCTION_SETTINGS);

  it('finds an open amount to the paisa, and the amount less TDS exact or to the rupee', () => {
    expect(lookup(2_345_678).map((c) => c.item.sysInvoiceNum)).toEqual(['E-2']);
    // 194Q at 0.1% of the 90,000 taxable: 90; 194C 1% 900; 194C and 194J 2% 1,800; 194J 10% 9,000.
    expect(lookup(9_991_000)[0]).toMatchObject({
      item: { sysInvoiceNum: 'E-1' },
      tds: { section: '194Q', amount: 9_000 },
    });
    expect(lookup(9_100_000)[0]!.tds).toMatchObject({ section: '194J', rateBp: 1000 });
    expect(lookup(2_345_600)).toEqual([]);
  });

  it('one customer owing it is suggested at 0.6; four are too many to suggest', () => {
    expect(matchByAmount(lookup(2_345_678), { suggestAbove: 0.5 })).toMatchObject({
      status: 'SUGGESTED',
      suggestions: [{ sysObligorCode: 'E', confidence: 0.6 }],
    });
    expect(matchByAmount(lookup(1_200_000), { suggestAbove: 0.5 })).toEqual({ status: 'UNMATCHED', suggestions: [] });
    const three = amountIndex(items.slice(0, 3), DEFAULT_DEDUCTION_SETTINGS)(1_200_000);
    const found = matchByAmount(three, { suggestAbove: 0.5 });
    expect(found.suggestions.map((s) => [s.sysObligorCode, s.confidence])).toEqual([
      ['A', 0.52],
      ['B', 0.52],
      ['C', 0.52],
    ]);
    // A client suggesting only above 0.55 sees none of them.
    expect(matchByAmount(three, { suggestAbove: 0.55 }).status).toBe('UNMATCHED');
  });
});

describe('the whole overdue', () => {
  it('is tried apart, however many bills: more than the search combines', () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      item(`F-${i + 1}`, 'F', 1_000 + i, `2026-10-${String(i + 1).padStart(2, '0')}`),
    );
    many.push(item('F-10', 'F', 5_000, '2026-12-01'));
    const overdue = many.slice(0, 9).reduce((sum, i) => sum + i.open, 0);
    const [best] = allocationsFor(overdue, many, DEFAULT_DEDUCTION_SETTINGS, undefined, 3, '2026-11-10');
    expect(best).toMatchObject({ whole: 'OVERDUE', deduction: { kind: 'EXACT' } });
    expect(best!.items).toHaveLength(9);
    // Without the day, nine bills are beyond the six a transfer is taken to pay.
    expect(allocationsFor(overdue, many, DEFAULT_DEDUCTION_SETTINGS)).toEqual([]);
  });
});
