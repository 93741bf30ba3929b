import { describe, expect, it } from 'vitest';
import {
  allocationsFor,
  DEFAULT_MATCH_SETTINGS,
  matchLine,
  type LineEvidence,
  type MatchSettings,
  type OpenItem,
} from '@/lib/domain/cash-match';
import { DEFAULT_DEDUCTION_SETTINGS } from '@/lib/domain/tds';

const rupees = (r: number) => Math.round(r * 100);
const settings: MatchSettings = { ...DEFAULT_DEDUCTION_SETTINGS, ...DEFAULT_MATCH_SETTINGS }; // GST 18%, ₹100, no auto-apply

// Shree Ganesh Traders (Pune): four open invoices, oldest first. Taxable values: A and C derived
// from GST 18% (₹1,00,000 and ₹20,000), B and D carry their own.
const item = (num: string, open: number, taxable: number | null, date: string): OpenItem => ({
  sysInvoiceNum: num,
  sysObligorCode: 'SHREE-PUN',
  open: rupees(open),
  taxable: taxable === null ? null : rupees(taxable),
  date,
});
const A = item('TLY-000401', 118_000, null, '2026-09-04');
const B = item('TLY-000412', 59_000, 50_000, '2026-09-20');
const C = item('TLY-000430', 23_600, null, '2026-10-01');
const D = item('TLY-000455', 236_000, 200_000, '2026-10-15');
const SHREE = [D, C, B, A]; // in any order: the search sorts them

const line = (received: number, more: Partial<LineEvidence> = {}): LineEvidence => ({
  received: rupees(received),
  named: [],
  payer: null,
  payerItems: [],
  ...more,
});
const byVpa = { sysObligorCode: 'SHREE-PUN', by: 'VPA' as const };

describe('matching a credit', () => {
  it('our invoice number in the narration, the amount exact: the surest match', () => {
    const result = matchLine(line(59_000, { named: [B] }), settings);
    expect(result).toEqual({
      status: 'SUGGESTED',
      suggestions: [
        {
          sysObligorCode: 'SHREE-PUN',
          allocations: [{ sysInvoiceNum: 'TLY-000412', amount: rupees(59_000) }],
          tds: null,
          writeOff: 0,
          onAccount: 0,
          confidence: 0.95,
          reasons: ['the narration names TLY-000412', 'the amount settles one invoice, oldest first'],
        },
      ],
      wantsFamily: false,
    });
    // Applied without a person once the client trusts the matcher above 0.9.
    expect(matchLine(line(59_000, { named: [B] }), { ...settings, autoApplyAbove: 0.9 }).status).toBe('MATCHED');
  });

  it('a UPI credit from a learned VPA: the invoice its amount settles', () => {
    const result = matchLine(line(23_600, { payer: byVpa, payerItems: SHREE }), settings);
    expect(result.status).toBe('SUGGESTED');
    expect(result.suggestions).toHaveLength(1);
    expect(result.suggestions[0]).toMatchObject({
      allocations: [{ sysInvoiceNum: 'TLY-000430', amount: rupees(23_600) }],
      confidence: 0.85,
      reasons: ["the payer's UPI address paid this customer before", 'the amount settles one invoice, oldest first'],
    });
  });

  it('one transfer paying three invoices: A + B + C = ₹2,00,600', () => {
    const [best] = matchLine(line(200_600, { payer: byVpa, payerItems: SHREE }), settings).suggestions;
    expect(best!.allocations.map((a) => a.sysInvoiceNum)).toEqual(['TLY-000401', 'TLY-000412', 'TLY-000430']);
    expect(best!.confidence).toBe(0.79); // 0.85 less 0.03 for each invoice beyond the first
    expect(best!.reasons[1]).toBe('the amount settles 3 invoices, oldest first');
  });

  it('a 194J short-payment on an invoice with its taxable value: 10% of ₹2,00,000', () => {
    const [best] = matchLine(
      line(216_000, { payer: { sysObligorCode: 'SHREE-PUN', by: 'ACCOUNT' }, payerItems: SHREE }),
      settings,
    ).suggestions;
    expect(best).toMatchObject({
      allocations: [{ sysInvoiceNum: 'TLY-000455', amount: rupees(236_000) }],
      tds: { section: '194J', amount: rupees(20_000) },
      writeOff: 0,
      confidence: 0.8,
    });
    expect(best!.reasons[2]).toBe('TDS 194J at 10%: ₹20,000.00');
  });

  it('a ₹40 short-payment written off', () => {
    const [best] = matchLine(line(23_560, { named: [C] }), settings).suggestions;
    expect(best).toMatchObject({ writeOff: rupees(40), tds: null, confidence: 0.85 });
    expect(best!.reasons[2]).toBe('a difference of ₹40.00 written off');
  });

  it('an unknown payer stays UNMATCHED with no guess', () => {
    expect(matchLine(line(23_600), settings)).toEqual({ status: 'UNMATCHED', suggestions: [], wantsFamily: false });
  });

  it('a payer known only by name is below the threshold when the amount needs assumptions', () => {
    // NAME 0.65, less 0.15 for TDS and a difference: 0.5 is kept; two invoices more and it is not.
    const evidence = line(117_840, { payer: { sysObligorCode: 'SHREE-PUN', by: 'NAME' }, payerItems: [A] });
    expect(matchLine(evidence, settings).suggestions.map((s) => s.confidence)).toEqual([0.5]);
    expect(matchLine(evidence, { ...settings, suggestAbove: 0.6 }).status).toBe('UNMATCHED');
  });

  it('named invoices paid in part: towards them oldest first', () => {
    const [best] = matchLine(line(100_000, { named: [B, A] }), settings).suggestions;
    expect(best).toMatchObject({
      allocations: [
        { sysInvoiceNum: 'TLY-000401', amount: rupees(100_000) }, // A is older
      ],
      onAccount: 0,
      confidence: 0.7,
    });
  });

  it('two equal invoices: both suggested, the older first, neither applied on its own', () => {
    const twin = { ...C, sysInvoiceNum: 'TLY-000431', date: '2026-10-02' };
    const result = matchLine(line(23_600, { payer: byVpa, payerItems: [twin, C] }), {
      ...settings,
      autoApplyAbove: 0.5,
    });
    expect(result.status).toBe('SUGGESTED');
    expect(result.suggestions.map((s) => s.allocations[0]!.sysInvoiceNum)).toEqual(['TLY-000430', 'TLY-000431']);
    expect(result.suggestions[0]!.reasons).toContain('another match is as likely');
  });
});

describe('the bounded search', () => {
  it('the whole account when the amount settles every open item', () => {
    const [best] = allocationsFor(rupees(436_600), SHREE, settings);
    expect(best).toMatchObject({ whole: 'ALL', deduction: { kind: 'EXACT' } });
    expect(best!.items).toHaveLength(4);
  });

  it('more than the whole account: the excess on account; over a smaller set it is no match', () => {
    const found = allocationsFor(rupees(450_000), SHREE, settings);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ whole: 'ALL', deduction: { kind: 'EXCESS', onAccount: rupees(13_400) } });
  });

  it('an exact match ranks before TDS, and one invoice before several', () => {
    const items = [
      item('X1', 10_000, null, '2026-09-01'),
      item('X2', 10_010, null, '2026-09-02'), // ₹10 more: ₹10,000 is it less a small difference
      item('X3', 4_000, null, '2026-09-03'),
      item('X4', 6_000, null, '2026-09-04'),
    ];
    expect(allocationsFor(rupees(10_000), items, settings).map((a) => a.items.map((i) => i.sysInvoiceNum))).toEqual([
      ['X1'],
      ['X3', 'X4'],
      ['X2'],
    ]);
  });

  it('keeps to its bounds: at most 6 invoices, a fixed number of subsets, whatever the customer owes', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      item(`M${String(i).padStart(3, '0')}`, 1_000, null, `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`),
    );
    expect(allocationsFor(rupees(7_000), many, settings)).toEqual([]);
    const started = performance.now();
    allocationsFor(rupees(5_999), many, settings);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('the customer named in the narration', () => {
  it('our UPI link writes the customer code: its open items are matched as a learned payer', () => {
    const [best] = matchLine(
      line(23_600, { payer: { sysObligorCode: 'SHREE-PUN', by: 'CODE' }, payerItems: SHREE }),
      settings,
    ).suggestions;
    expect(best).toMatchObject({
      allocations: [{ sysInvoiceNum: 'TLY-000430', amount: rupees(23_600) }],
      confidence: 0.8,
      reasons: ['the narration names the customer SHREE-PUN', 'the amount settles one invoice, oldest first'],
    });
  });
});

describe('more evidence', () => {
  const other = (num: string, open: number, date: string): OpenItem => ({
    ...item(num, open, null, date),
    sysObligorCode: 'SHREE-NSK',
  });
  const E = other('TLY-000501', 59_000, '2026-09-25');

  it('a remittance advice is read first: the invoices it names, at the confidence it gives', () => {
    const advice = [{ said: 'the remittance advice of 03/11/2026 names TLY-000412', confidence: 0.9, items: [B] }];
    const match = matchLine(line(59_000, { advice, payer: byVpa, payerItems: SHREE }), settings);
    expect(match.suggestions[0]).toMatchObject({
      allocations: [{ sysInvoiceNum: 'TLY-000412', amount: rupees(59_000) }],
      confidence: 0.9,
      reasons: ['the remittance advice of 03/11/2026 names TLY-000412', 'the amount settles one invoice, oldest first'],
    });
  });

  it('a payer name two customers share: each searched, 0.65 - 0.10 = 0.55, neither applied alone', () => {
    const possiblePayers = [
      { sysObligorCode: 'SHREE-PUN', by: 'NAME' as const, items: SHREE },
      { sysObligorCode: 'SHREE-NSK', by: 'NAME' as const, items: [E] },
    ];
    const match = matchLine(line(59_000, { possiblePayers }), { ...settings, autoApplyAbove: 0.5 });
    expect(match.status).toBe('SUGGESTED');
    expect(match.suggestions.map((s) => [s.sysObligorCode, s.confidence])).toEqual([
      ['SHREE-PUN', 0.55],
      ['SHREE-NSK', 0.55],
    ]);
    expect(match.suggestions[0]!.reasons).toContain('another match is as likely');
  });
});

describe("a known payer's family", () => {
  // Shree Ganesh Traders (Nashik), another account of the group: two bills.
  const N1 = { ...item('TLY-000470', 10_000, null, '2026-09-01'), sysObligorCode: 'SHREE-NSK' };
  const N2 = { ...item('TLY-000471', 5_000, null, '2026-11-25'), sysObligorCode: 'SHREE-NSK' };
  const family = { name: 'Shree Ganesh Traders', items: [...SHREE, N1, N2], asOf: '2026-11-10' };
  const whole = 118_000 + 59_000 + 23_600 + 236_000 + 10_000 + 5_000;

  it("is asked for only when the account's own items fit nothing", () => {
    expect(matchLine(line(23_600, { payer: byVpa, payerItems: SHREE }), settings).wantsFamily).toBe(false);
    expect(matchLine(line(whole, { payer: byVpa, payerItems: SHREE }), settings).wantsFamily).toBe(true);
  });

  it("a credit of the family's whole balance: recognised, the paying account's receipt, never applied alone", () => {
    const result = matchLine(line(whole, { payer: byVpa, payerItems: SHREE, family }), {
      ...settings,
      autoApplyAbove: 0.5,
    });
    expect(result.status).toBe('SUGGESTED');
    const [best] = result.suggestions;
    expect(best!.sysObligorCode).toBe('SHREE-PUN');
    expect(best!.allocations).toHaveLength(6);
    expect(best!.confidence).toBe(0.66); // 0.85, less 0.1 the family, less 3 × 0.03 at most for a whole
    expect(best!.reasons[1]).toBe(
      'the amount pays the whole balance of the Shree Ganesh Traders group, 6 bills: TLY-000470, TLY-000401, TLY-000412, TLY-000430, TLY-000455, TLY-000471',
    );
  });

  it("a credit of the family's whole overdue at the value date: all but the bill due on 25/11/2026", () => {
    const [best] = matchLine(line(whole - 5_000, { payer: byVpa, payerItems: SHREE, family }), settings).suggestions;
    expect(best!.allocations.map((a) => a.sysInvoiceNum)).toEqual([
      'TLY-000470',
      'TLY-000401',
      'TLY-000412',
      'TLY-000430',
      'TLY-000455',
    ]);
    expect(best!.reasons[1]).toMatch(/^the amount pays the whole overdue of the Shree Ganesh Traders group, 5 bills: /);
  });
});
