import { describe, expect, it } from 'vitest';
import { neutralisedText } from '@/lib/domain/spreadsheet-text';

describe('text cells of a workbook', () => {
  it('prefix an apostrophe to text a spreadsheet could read as a formula', () => {
    expect(neutralisedText('=1+1')).toBe("'=1+1");
    expect(neutralisedText('+91 98450 12345')).toBe("'+91 98450 12345");
    expect(neutralisedText('-5')).toBe("'-5");
    expect(neutralisedText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralisedText('\t=cmd')).toBe("'\t=cmd");
    expect(neutralisedText('\r=cmd')).toBe("'\r=cmd");
  });

  it('leave every other text as it is', () => {
    for (const text of ['Shree Balaji Traders', 'INV-2026-001', "'already quoted", '', '1 = 1']) {
      expect(neutralisedText(text)).toBe(text);
    }
  });
});
