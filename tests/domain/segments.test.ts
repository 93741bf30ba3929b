import { describe, expect, it } from 'vitest';
import {
  collectionRisk,
  openStatus,
  RISK_SALES_SEGMENTS,
  salesSegments,
  segmentForShareBefore,
  splitRiskSalesSegment,
} from '@/lib/domain/segments';
import { RISK_CLASSES } from '@/lib/domain/filters';

/** The segments as plain [code, segment] pairs sorted by code, easy to read in a failure. */
const segmentsOf = (rows: [string, number][]) =>
  [...salesSegments(rows.map(([code, sales]) => ({ code, sales }))).entries()].sort(([a], [b]) => a.localeCompare(b));

describe('salesSegments (Pareto on 12-month sales)', () => {
  it('makes LARGE the customers before 80% of sales, the one crossing 80% included', () => {
    // Total 100. A starts at 0 -> LARGE; B starts at 70 (70%) and ends at 90: it crosses 80% -> LARGE;
    // C starts at 90 (90%), under 95% -> MEDIUM.
    expect(
      segmentsOf([
        ['A', 70],
        ['B', 20],
        ['C', 10],
      ]),
    ).toEqual([
      ['A', 'LARGE'],
      ['B', 'LARGE'],
      ['C', 'MEDIUM'],
    ]);
  });

  it('puts a customer starting exactly at 80% in MEDIUM and one starting exactly at 95% in SMALL', () => {
    // Total 100. A 0 -> LARGE; B starts at 80 (not under 80%) -> MEDIUM; C starts at 95 (not under 95%) -> SMALL.
    expect(
      segmentsOf([
        ['A', 80],
        ['B', 15],
        ['C', 5],
      ]),
    ).toEqual([
      ['A', 'LARGE'],
      ['B', 'MEDIUM'],
      ['C', 'SMALL'],
    ]);
    // Just under the boundaries: B starts at 79.9% -> LARGE, C at 94.9% -> MEDIUM.
    expect(
      segmentsOf([
        ['A', 799],
        ['B', 150],
        ['C', 51],
      ]),
    ).toEqual([
      ['A', 'LARGE'],
      ['B', 'LARGE'],
      ['C', 'MEDIUM'],
    ]);
  });

  it('ranks equal sales by code, whatever the input order', () => {
    // Total 100: K 85 -> LARGE. M, N and O have 5 each and rank M, N, O: M starts at 85 and N at 90
    // (MEDIUM), O at 95 (SMALL). Given in reverse order, the answer is the same.
    const expected = [
      ['K', 'LARGE'],
      ['M', 'MEDIUM'],
      ['N', 'MEDIUM'],
      ['O', 'SMALL'],
    ];
    expect(
      segmentsOf([
        ['O', 5],
        ['N', 5],
        ['M', 5],
        ['K', 85],
      ]),
    ).toEqual(expected);
    expect(
      segmentsOf([
        ['K', 85],
        ['M', 5],
        ['N', 5],
        ['O', 5],
      ]),
    ).toEqual(expected);
  });

  it('keeps customers without positive sales SMALL and out of the total', () => {
    // The positive total is 100 (A 75 + B 25): A starts at 0, B at 75% -> both LARGE. Z (0) and N (-10,
    // net credit notes) are SMALL; had N counted in the total (90), B would start at 83% -> MEDIUM.
    expect(
      segmentsOf([
        ['A', 75],
        ['Z', 0],
        ['N', -10],
        ['B', 25],
      ]),
    ).toEqual([
      ['A', 'LARGE'],
      ['B', 'LARGE'],
      ['N', 'SMALL'],
      ['Z', 'SMALL'],
    ]);
    expect(
      segmentsOf([
        ['Z', 0],
        ['N', -1],
      ]),
    ).toEqual([
      ['N', 'SMALL'],
      ['Z', 'SMALL'],
    ]);
  });

  it('answers an empty map for no customers and LARGE for a single seller', () => {
    expect(salesSegments([]).size).toBe(0);
    expect(segmentsOf([['ONLY', 1]])).toEqual([['ONLY', 'LARGE']]);
  });

  it('decides one customer from the sales before it (segmentForShareBefore)', () => {
    expect(segmentForShareBefore(0, 1000, 10)).toBe('LARGE');
    expect(segmentForShareBefore(799.99, 1000, 10)).toBe('LARGE');
    expect(segmentForShareBefore(800, 1000, 10)).toBe('MEDIUM');
    expect(segmentForShareBefore(949.99, 1000, 10)).toBe('MEDIUM');
    expect(segmentForShareBefore(950, 1000, 10)).toBe('SMALL');
    expect(segmentForShareBefore(0, 1000, 0)).toBe('SMALL');
    expect(segmentForShareBefore(0, 0, 10)).toBe('SMALL');
  });
});

describe('collectionRisk (share of the balance overdue past b2)', () => {
  it.each([
    [1000, 0, 'LOW'],
    [1000, 99.99, 'LOW'],
    [1000, 100, 'MEDIUM'],
    [1000, 299.99, 'MEDIUM'],
    [1000, 300, 'HIGH'],
    [1000, 1000, 'HIGH'],
    [20000, 5000, 'MEDIUM'],
    [111000, 56000, 'HIGH'],
  ])('balance %d with %d past b2 is %s', (balance, pastB2, risk) => {
    expect(collectionRisk(balance, pastB2)).toBe(risk);
  });

  it('calls nothing owed, or a net credit, LOW', () => {
    expect(collectionRisk(0, 0)).toBe('LOW');
    expect(collectionRisk(-500, 200)).toBe('LOW');
  });
});

describe('openStatus', () => {
  it('is OPEN while anything is outstanding, a net credit included, and CLOSED at zero', () => {
    expect(openStatus(0)).toBe('CLOSED');
    expect(openStatus(0.01)).toBe('OPEN');
    expect(openStatus(125000)).toBe('OPEN');
    expect(openStatus(-2000)).toBe('OPEN');
  });
});

describe('riskSalesSegment', () => {
  it('has the 12 combinations of 4 risk classes and 3 sales segments', () => {
    expect(RISK_SALES_SEGMENTS).toHaveLength(12);
    expect(new Set(RISK_SALES_SEGMENTS).size).toBe(12);
    expect(RISK_SALES_SEGMENTS).toEqual(RISK_CLASSES.flatMap((r) => [`${r}_LARGE`, `${r}_MEDIUM`, `${r}_SMALL`]));
  });

  it('splits back into risk class and sales segment', () => {
    expect(splitRiskSalesSegment('HIGH_LARGE')).toEqual({ risk: 'HIGH', salesSegment: 'LARGE' });
    expect(splitRiskSalesSegment('UNRATED_SMALL')).toEqual({ risk: 'UNRATED', salesSegment: 'SMALL' });
    for (const value of RISK_SALES_SEGMENTS) {
      const { risk, salesSegment } = splitRiskSalesSegment(value);
      expect(`${risk}_${salesSegment}`).toBe(value);
    }
  });
});
