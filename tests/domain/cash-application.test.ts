import { describe, expect, it } from 'vitest';
import { readNarration } from '@/lib/domain/bank-narration';
import { sameReceipt, statusBeforeMatching, type ReceiptFacts } from '@/lib/domain/cash-application';

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
