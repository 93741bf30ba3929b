import { describe, expect, it } from 'vitest';
import {
  ageItems,
  applyNotes,
  bucketLabels,
  creditBucket,
  daysBetween,
  instalmentsOpen,
  invoiceBucket,
  netBalanceOf,
  outstandingAt,
  unallocatedAt,
  type LedgerItem,
  type LedgerReceipt,
  type NumberedLedgerItem,
} from '@/lib/domain/ageing';

const B = { b1: 30, b2: 60, b3: 90 };
const AS_OF = '2026-11-20';
const item = (
  issueDate: string,
  dueDate: string | null,
  rupees: number,
  payments: [string, number][] = [],
): LedgerItem => ({
  issueDate,
  dueDate,
  amountPaise: rupees * 100,
  payments: payments.map(([paidDate, r]) => ({ paidDate, amountPaise: r * 100 })),
});

describe('bucket boundaries', () => {
  it.each([
    [-5, 'current'],
    [0, 'current'],
    [1, 'crdBucket1'],
    [30, 'crdBucket1'],
    [31, 'crdBucket2'],
    [60, 'crdBucket2'],
    [61, 'crdBucket3'],
    [90, 'crdBucket3'],
    [91, 'crdBucket4'],
    [1000, 'crdBucket4'],
  ])('credit basis: %i days past due is %s', (days, bucket) => {
    expect(creditBucket(days, B)).toBe(bucket);
  });

  it.each([
    [0, 'invBucket1'],
    [30, 'invBucket1'],
    [31, 'invBucket2'],
    [90, 'invBucket3'],
    [91, 'invBucket4'],
  ])('invoice basis: %i days since issue is %s', (days, bucket) => {
    expect(invoiceBucket(days, B)).toBe(bucket);
  });

  it('labels the buckets from the client boundaries', () => {
    expect(Object.values(bucketLabels(B))).toEqual(['current', '1-30', '31-60', '61-90', '90+']);
    expect(Object.values(bucketLabels({ b1: 15, b2: 45, b3: 120 }, 'INVOICE_DATE'))).toEqual([
      '0-15',
      '16-45',
      '46-120',
      '120+',
    ]);
  });

  it('counts calendar days across month and year ends', () => {
    expect(daysBetween('2026-10-21', AS_OF)).toBe(30);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
});

describe('ageing items as of a date', () => {
  it('puts an item due today in current and one due b1 and b1+1 days ago on each side of the boundary', () => {
    const totals = ageItems(
      [
        item('2026-10-21', '2026-11-20', 1000), // due today
        item('2026-09-01', '2026-10-21', 2000), // 30 days past due
        item('2026-09-01', '2026-10-20', 4000), // 31 days past due
      ],
      AS_OF,
      B,
    );
    expect(totals.current).toBe(100_000);
    expect(totals.crdBucket1).toBe(200_000);
    expect(totals.crdBucket2).toBe(400_000);
    expect(totals.overdue).toBe(600_000);
    expect(totals.currentNum + totals.crdBucket1Num + totals.crdBucket2Num).toBe(3);
  });

  it('ages b3 and b3+1 days past due into buckets 3 and 4', () => {
    const totals = ageItems([item('2026-07-01', '2026-08-22', 700), item('2026-07-01', '2026-08-21', 900)], AS_OF, B);
    expect(daysBetween('2026-08-22', AS_OF)).toBe(90);
    expect(totals.crdBucket3).toBe(70_000);
    expect(totals.crdBucket4).toBe(90_000);
  });

  it('ages an item without a due date from its issue date', () => {
    const totals = ageItems([item('2026-10-01', null, 500)], AS_OF, B); // 50 days since issue
    expect(totals.crdBucket2).toBe(50_000);
    expect(totals.invBucket2).toBe(50_000);
  });

  it('ages only what is still unpaid after partial payments, and drops a fully paid item', () => {
    const totals = ageItems(
      [
        item('2026-09-01', '2026-10-01', 10_000, [
          ['2026-10-05', 2500],
          ['2026-11-01', 2500],
        ]),
        item('2026-09-01', '2026-10-01', 3000, [['2026-10-10', 3000]]),
      ],
      AS_OF,
      B,
    );
    expect(totals.outstanding).toBe(500_000);
    expect(totals.crdBucket2).toBe(500_000); // 50 days past due
    expect(totals.crdBucket2Num).toBe(1);
  });

  it('keeps a credit note as a negative open item aged by its own dates, counted in the bucket counts', () => {
    const totals = ageItems(
      [item('2026-11-10', '2026-11-10', -1200), item('2026-10-01', '2026-10-31', 5000)],
      AS_OF,
      B,
    );
    expect(totals.crdBucket1).toBe(500_000 - 120_000);
    expect(totals.crdBucket1Num).toBe(2);
    expect(totals.outstanding).toBe(380_000);
  });

  it('ignores payments made after a backdated as-of date, and invoices issued after it', () => {
    const ledger = [
      item('2026-08-01', '2026-08-31', 8000, [['2026-10-15', 8000]]),
      item('2026-10-10', '2026-11-09', 6000),
    ];
    const asOfSeptember = ageItems(ledger, '2026-09-30', B);
    expect(asOfSeptember.outstanding).toBe(800_000);
    expect(asOfSeptember.crdBucket1).toBe(800_000);
    expect(outstandingAt(ledger[1]!, '2026-09-30')).toBeNull();
    expect(ageItems(ledger, AS_OF, B).outstanding).toBe(600_000);
  });

  it('always has each basis summing to the outstanding', () => {
    const ledger = Array.from({ length: 200 }, (_, i) => {
      const issue = new Date(Date.UTC(2026, 0, 1) + i * 1.6 * 86_400_000).toISOString().slice(0, 10);
      const due =
        i % 7 === 0 ? null : new Date(Date.parse(issue) + (i % 4) * 15 * 86_400_000).toISOString().slice(0, 10);
      const payments: [string, number][] = i % 3 === 0 ? [[issue, (i * 37) % 900]] : [];
      return item(issue, due, (i % 11 === 0 ? -1 : 1) * (1000 + i * 13), payments);
    });
    const totals = ageItems(ledger, AS_OF, B);
    const credit = totals.current + totals.crdBucket1 + totals.crdBucket2 + totals.crdBucket3 + totals.crdBucket4;
    const invoice = totals.invBucket1 + totals.invBucket2 + totals.invBucket3 + totals.invBucket4;
    expect(credit).toBe(totals.outstanding);
    expect(invoice).toBe(totals.outstanding);
    expect(totals.overdue).toBe(credit - totals.current);
  });
});

describe('receipts not allocated to an item', () => {
  // 35,000 on account on 01/10, 25,000 of it applied on 15/10 and 5,000 on 12/11; an advance of
  // 15,000 on 20/10 applied whole on 06/11 (paise).
  const receipts: LedgerReceipt[] = [
    {
      paidDate: '2026-10-01',
      amountPaise: 3_500_000,
      allocations: [
        { allocatedDate: '2026-10-15', amountPaise: 2_500_000 },
        { allocatedDate: '2026-11-12', amountPaise: 500_000 },
      ],
    },
    {
      paidDate: '2026-10-20',
      amountPaise: 1_500_000,
      allocations: [{ allocatedDate: '2026-11-06', amountPaise: 1_500_000 }],
    },
  ];

  it('are negative from the day received until allocated, counting an allocation from its own day', () => {
    expect(unallocatedAt(receipts, '2026-09-30')).toBe(0);
    expect(unallocatedAt(receipts, '2026-10-01')).toBe(-3_500_000);
    expect(unallocatedAt(receipts, '2026-10-14')).toBe(-3_500_000);
    expect(unallocatedAt(receipts, '2026-10-15')).toBe(-1_000_000);
    expect(unallocatedAt(receipts, '2026-10-20')).toBe(-2_500_000);
    expect(unallocatedAt(receipts, '2026-11-06')).toBe(-1_000_000);
    expect(unallocatedAt(receipts, '2026-11-12')).toBe(-500_000);
  });

  it('stay out of every bucket: buckets plus unallocated make the net balance', () => {
    // The advance's invoice: 20,000 issued 05/11, due 05/12; the advance settles 15,000 of it on 06/11.
    const invoice = item('2026-11-05', '2026-12-05', 20_000, [['2026-11-06', 15_000]]);
    const before = ageItems([invoice], '2026-11-05', B, receipts);
    expect(before).toMatchObject({ current: 2_000_000, outstanding: 2_000_000, unallocated: -2_500_000 });
    const after = ageItems([invoice], '2026-11-06', B, receipts);
    expect(after).toMatchObject({ current: 500_000, outstanding: 500_000, unallocated: -1_000_000 });
    expect(netBalanceOf({ outstanding: 5000, unallocated: -10000 })).toBe(-5000);
    expect(netBalanceOf({ outstanding: 0.1, unallocated: -0.3 })).toBe(-0.2);
  });
});

describe('notes raised against an invoice', () => {
  // INV1: ₹1,00,000 issued 01/06, due 01/07, ₹20,000 paid 15/08. CN1: a return of ₹30,000 on
  // 15/10 against INV1. DN1: ₹5,000 interest on 01/11 against INV1. CN2: ₹4,000 standing alone.
  const ledger = (): NumberedLedgerItem[] => [
    { ref: 'INV1', ...item('2026-06-01', '2026-07-01', 100_000, [['2026-08-15', 20_000]]) },
    { ref: 'CN1', against: 'INV1', ...item('2026-10-15', '2026-10-15', -30_000) },
    { ref: 'DN1', against: 'INV1', ...item('2026-11-01', '2026-11-16', 5_000) },
    { ref: 'CN2', ...item('2026-10-15', '2026-10-15', -4_000) },
  ];

  it('leaves the invoice whole the day before the note, in its own bucket', () => {
    const totals = ageItems(applyNotes(ledger()), '2026-10-14', B);
    // 105 days past due: over 90. CN2 (issued 15/10) is not there yet.
    expect(totals.crdBucket4).toBe(8_000_000);
    expect(totals.current).toBe(0);
    expect(totals.outstanding).toBe(8_000_000);
  });

  it('reduces the old debt from the note day instead of a fresh credit in current', () => {
    const totals = ageItems(applyNotes(ledger()), '2026-10-15', B);
    expect(totals.crdBucket4).toBe(5_000_000); // 80,000 - 30,000, still aged from 01/07
    expect(totals.crdBucket4Num).toBe(1);
    expect(totals.current).toBe(-400_000); // only the note standing alone
    expect(totals.currentNum).toBe(1);
    expect(totals.outstanding).toBe(4_600_000);
  });

  it('adds a debit note to the invoice it is against, aged by the invoice', () => {
    const totals = ageItems(applyNotes(ledger()), '2026-11-20', B);
    expect(totals.crdBucket4).toBe(5_500_000); // 50,000 + 5,000
    expect(totals.crdBucket4Num).toBe(1);
    expect(totals.crdBucket2).toBe(-400_000); // CN2 alone, 36 days since 15/10
    // The same balance as the notes standing alone would give: only the buckets differ.
    const alone = ageItems(
      ledger().map((i) => ({ ...i, against: null })),
      '2026-11-20',
      B,
    );
    expect(alone.outstanding).toBe(totals.outstanding);
    expect(alone.crdBucket4).toBe(8_000_000);
  });

  it('closes the invoice when a note covers what was left, and reopens it by a later debit note', () => {
    const items = [
      { ref: 'INV1', ...item('2026-06-01', '2026-07-01', 10_000, [['2026-08-15', 7_000]]) },
      { ref: 'CN1', against: 'INV1', ...item('2026-09-01', '2026-09-01', -3_000) },
      { ref: 'DN1', against: 'INV1', ...item('2026-10-01', '2026-10-16', 500) },
    ];
    expect(ageItems(applyNotes(items), '2026-09-15', B).outstanding).toBe(0);
    const reopened = ageItems(applyNotes(items), '2026-10-02', B);
    expect(reopened.outstanding).toBe(50_000);
    expect(reopened.crdBucket4).toBe(50_000); // aged from the invoice's due date, 93 days
  });

  it('refuses a note against an invoice that is not in the ledger', () => {
    expect(() => applyNotes([{ ref: 'CN9', against: 'INV9', ...item('2026-10-01', null, -100) }])).toThrow(/INV9/);
  });
});

describe('an invoice payable in instalments', () => {
  // ₹90,000 issued 01/08 in three instalments of ₹30,000 due 31/08, 30/09 and 30/10; ₹40,000 paid 15/09.
  const schedule = (extra: [string, number][] = []): LedgerItem => ({
    ...item('2026-08-01', '2026-10-30', 90_000, [['2026-09-15', 40_000], ...extra]),
    instalments: [
      { dueDate: '2026-09-30', amountPaise: 3_000_000 },
      { dueDate: '2026-08-31', amountPaise: 3_000_000 },
      { dueDate: '2026-10-30', amountPaise: 3_000_000 },
    ],
  });

  it('ages each instalment by its own due date before any payment', () => {
    const totals = ageItems([schedule()], '2026-09-10', B);
    expect(totals.crdBucket1).toBe(3_000_000); // the first, 10 days past due
    expect(totals.current).toBe(6_000_000);
    // One document: counted once, by its oldest open instalment.
    expect([totals.crdBucket1Num, totals.currentNum]).toEqual([1, 0]);
    expect(totals.outstanding).toBe(9_000_000);
  });

  it('settles the oldest instalment first', () => {
    // 40,000 pays the first and 10,000 of the second.
    expect(ageItems([schedule()], '2026-09-30', B)).toMatchObject({ current: 5_000_000, crdBucket1: 0 });
    expect(ageItems([schedule()], '2026-10-01', B)).toMatchObject({ current: 3_000_000, crdBucket1: 2_000_000 });
    const today = ageItems([schedule()], AS_OF, B);
    expect(today.crdBucket2).toBe(2_000_000); // the second, 51 days past due
    expect(today.crdBucket1).toBe(3_000_000); // the third, 21 days
    expect(today.invBucket4).toBe(5_000_000); // 111 days since issue, both
    expect(today.overdue).toBe(5_000_000);
  });

  it('lets a negative settlement (a debit note) reopen the oldest open instalment, and keeps the excess on the last', () => {
    expect(instalmentsOpen(schedule(), 5_500_000)).toEqual([
      { dueDate: '2026-08-31', open: 0 },
      { dueDate: '2026-09-30', open: 2_500_000 },
      { dueDate: '2026-10-30', open: 3_000_000 },
    ]);
    expect(instalmentsOpen(schedule(), 9_500_000).map((p) => p.open)).toEqual([3_000_000, 3_000_000, 3_500_000]);
    expect(instalmentsOpen(item('2026-08-01', null, 100), 10_000)).toEqual([{ dueDate: '2026-08-01', open: 10_000 }]);
  });
});
