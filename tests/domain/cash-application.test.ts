import { describe, expect, it } from 'vitest';
import { readNarration } from '@/lib/domain/bank-narration';
import {
  receiptsByAccount,
  sameReceipt,
  splitOfApplied,
  statusBeforeMatching,
  type ReceiptFacts,
} from '@/lib/domain/cash-application';

describe('a line before matching', () => {
  const status = (narration: string, credit: number) =>
    statusBeforeMatching({ credit }, readNarration(narration), narration);
  it('a credit is a candidate receipt', () =>
    expect(status('NEFT CR-SBIN0001234-SHREE GANESH', 100)).toBe('UNMATCHED'));
  it('a debit, a charge, a returned cheque, the bank interest are not', () => {
    expect(status('NEFT DR-SBIN0001234-RENT', 0)).toBe('IGNORED');
    expect(status('REV CHRG SMS ALERT', 100)).toBe('IGNORED');
    expect(status('O/W RTN CHQ 004512', 100)).toBe('IGNORED');
    expect(status('INT.PD:01-10-2026 TO 31-12-2026', 100)).toBe('IGNORED');
  });
});

describe('one receipt counts once', () => {
  const applied: ReceiptFacts = {
    sysObligorCode: 'SHREE-PUN',
    amount: 23_600_00,
    date: '2026-11-04',
    references: ['SBINN52026110412345678'],
  };
  it("the ERP's copy by the UTR in its narration, whatever its day or amount", () => {
    expect(
      sameReceipt(applied, {
        sysObligorCode: 'SHREE-PUN',
        amount: 23_560_00,
        date: '2026-11-05',
        references: ['RCPT/2026/1188', 'By NEFT UTR SBINN 52026110412345678'],
      }),
    ).toBe('REFERENCE');
  });
  it('else by the same customer, amount and day', () => {
    const erp = { ...applied, references: ['RCPT/2026/1188'] };
    expect(sameReceipt(applied, erp)).toBe('CUSTOMER_AMOUNT_DAY');
    expect(sameReceipt(applied, { ...erp, date: '2026-11-05' })).toBeNull();
    expect(sameReceipt(applied, { ...erp, sysObligorCode: 'SHREE-NSK' })).toBeNull();
  });
  it('a cheque number alone is too short to name a receipt', () => {
    const cheque = { ...applied, references: ['004512'] };
    expect(sameReceipt(cheque, { ...cheque, amount: 1, references: ['CHQ 004512'] })).toBeNull();
  });
});

describe('splitOfApplied', () => {
  it('TDS first, then the write-off, then the cash, invoice by invoice (hand-computed)', () => {
    // Two invoices of ₹1,18,000 and ₹25,000; ₹1,33,960 received, ₹9,000 TDS, ₹40 written off.
    expect(
      splitOfApplied({
        received: 13_396_000,
        allocations: [
          { sysInvoiceNum: 'A', amount: 11_800_000 },
          { sysInvoiceNum: 'B', amount: 2_500_000 },
        ],
        tds: 900_000,
        writeOff: 4_000,
        onAccount: 0,
      }),
    ).toEqual({
      parts: [
        { sysInvoiceNum: 'A', source: 'TDS', amount: 900_000 },
        { sysInvoiceNum: 'A', source: 'WRITE_OFF', amount: 4_000 },
        { sysInvoiceNum: 'A', source: 'CASH', amount: 10_896_000 },
        { sysInvoiceNum: 'B', source: 'CASH', amount: 2_500_000 },
      ],
    });
  });

  it('the remainder on account takes no part; a split that does not add up is refused with the figures', () => {
    expect(
      splitOfApplied({
        received: 600_000,
        allocations: [{ sysInvoiceNum: 'A', amount: 500_000 }],
        tds: 0,
        writeOff: 0,
        onAccount: 100_000,
      }),
    ).toEqual({ parts: [{ sysInvoiceNum: 'A', source: 'CASH', amount: 500_000 }] });
    expect(
      splitOfApplied({
        received: 600_000,
        allocations: [{ sysInvoiceNum: 'A', amount: 500_000 }],
        tds: 0,
        writeOff: 0,
        onAccount: 0,
      }),
    ).toEqual({
      problem:
        'the split does not add up: received ₹6,000.00 + TDS ₹0.00 + write-off ₹0.00 is ₹6,000.00, the invoices ₹5,000.00 + on account ₹0.00 are ₹5,000.00',
      field: 'allocations',
    });
    expect(splitOfApplied({ received: 100, allocations: [], tds: 0, writeOff: 0, onAccount: 0 })).toMatchObject({
      field: 'allocations',
    });
    // TDS cannot settle money kept on account.
    expect(splitOfApplied({ received: 0, allocations: [], tds: 500, writeOff: 0, onAccount: 500 })).toMatchObject({
      field: 'tds',
    });
  });
});

describe('receiptsByAccount', () => {
  // A family: of account PUN, B-1 of account MUM; paise.
  const accountOf = (n: string) => (n.startsWith('A') ? 'PUN' : 'MUM');
  const of = (split: Parameters<typeof splitOfApplied>[0], payer: string) => {
    const parts = splitOfApplied(split);
    if ('problem' in parts) throw new Error(parts.problem);
    return receiptsByAccount({ ...split, parts: parts.parts }, accountOf, payer);
  };

  it("one receipt per account, each with its bills' TDS; the remainder on account the payer's, first", () => {
    // Received 1,00,000 + TDS 1,000 = B-1 30,000 + A-1 50,000 + A-2 20,000 + on account 1,000.
    const answer = of(
      {
        received: 100_000_00,
        allocations: [
          { sysInvoiceNum: 'B-1', amount: 30_000_00 },
          { sysInvoiceNum: 'A-1', amount: 50_000_00 },
          { sysInvoiceNum: 'A-2', amount: 20_000_00 },
        ],
        tds: 1_000_00,
        writeOff: 0,
        onAccount: 1_000_00,
      },
      'PUN',
    );
    expect('receipts' in answer && answer.receipts.map(({ parts: _, ...r }) => r)).toEqual([
      {
        sysObligorCode: 'PUN',
        received: 71_000_00,
        allocations: [
          { sysInvoiceNum: 'A-1', amount: 50_000_00 },
          { sysInvoiceNum: 'A-2', amount: 20_000_00 },
        ],
        tds: 0,
        writeOff: 0,
        onAccount: 1_000_00,
      },
      {
        sysObligorCode: 'MUM',
        received: 29_000_00,
        allocations: [{ sysInvoiceNum: 'B-1', amount: 30_000_00 }],
        tds: 1_000_00,
        writeOff: 0,
        onAccount: 0,
      },
    ]);
  });

  it('a payer named without bills of its own and nothing on account writes no receipt', () => {
    const answer = of(
      {
        received: 30_000_00,
        allocations: [{ sysInvoiceNum: 'B-1', amount: 30_000_00 }],
        tds: 0,
        writeOff: 0,
        onAccount: 0,
      },
      'PARENT',
    );
    expect('receipts' in answer && answer.receipts.map((r) => [r.sysObligorCode, r.received])).toEqual([
      ['MUM', 30_000_00],
    ]);
  });

  it('refuses an account whose bills the TDS alone settles: its receipt would take no money', () => {
    const answer = of(
      {
        received: 50_000_00,
        allocations: [
          { sysInvoiceNum: 'B-1', amount: 500_00 },
          { sysInvoiceNum: 'A-1', amount: 50_000_00 },
        ],
        tds: 500_00,
        writeOff: 0,
        onAccount: 0,
      },
      'PUN',
    );
    expect(answer).toMatchObject({ field: 'allocations', problem: expect.stringContaining('bills of MUM') });
  });
});
