import { describe, expect, it } from 'vitest';
import { asOfCheck, asOfDateProblem } from '@/lib/domain/as-of';
import { checkAsOfDate } from '@/components/ui/invalid-link';
import { aboveOpenProblem, toPaise } from '@/lib/domain/open-amount';
import { ZTakePromiseBody } from '@/lib/contract/promises';
import { fieldErrors } from '@/lib/contract/errors';

describe('asOfDateProblem', () => {
  it('refuses a day after today and one before the ledger starts, in words with dd/mm/yyyy', () => {
    expect(asOfDateProblem('2030-01-01', '2026-11-29', '2024-04-01')).toBe(
      'the date cannot be after today (29/11/2026): a later day has no figures yet',
    );
    expect(asOfDateProblem('2020-01-01', '2026-11-29', '2024-04-01')).toBe(
      'the ledger starts on 01/04/2024: choose a date from then on',
    );
  });

  it('accepts today, the ledger’s first day and any day between; without a ledger only the future is refused', () => {
    for (const day of ['2026-11-29', '2024-04-01', '2025-07-15'])
      expect(asOfDateProblem(day, '2026-11-29', '2024-04-01')).toBeNull();
    expect(asOfDateProblem('2020-01-01', '2026-11-29', null)).toBeNull();
    expect(asOfDateProblem('2026-11-30', '2026-11-29')).not.toBeNull();
  });
});

describe('asOfCheck: the date field of Credit limit, Reports and Performance, and their links', () => {
  const settings = { today: '2026-11-29', ledgerStart: '2024-04-01' };

  it('says the ledger starts on its first day for a day before it, as Receivables does', () => {
    expect(asOfCheck(settings)('2020-01-01')).toBe('the ledger starts on 01/04/2024: choose a date from then on');
    expect(asOfCheck(settings)('2024-04-01')).toBeNull();
    expect(checkAsOfDate('2024-03-31', settings)).toBe(
      'This link has a date the page cannot show: the ledger starts on 01/04/2024: choose a date from then on.',
    );
    expect(checkAsOfDate(undefined, settings)).toBeNull();
  });
});

describe('aboveOpenProblem', () => {
  it('allows up to the open amount to the paisa, and names it when above', () => {
    // ₹22,500 + ₹7,500 open: ₹30,000.00 = 30,00,000 paise.
    const open = toPaise(22500) + toPaise(7500);
    expect(aboveOpenProblem(30000, open, 'by this customer')).toBeNull();
    expect(aboveOpenProblem(30000.01, open, 'by this customer')).toBe(
      'at most ₹30,000.00, what is still owed by this customer',
    );
    expect(aboveOpenProblem(1e15, open, 'on these invoices')).toBe(
      'at most ₹30,000.00, what is still owed on these invoices',
    );
    // 0.1 + 0.2 of a rupee is 30 paise, not more.
    expect(aboveOpenProblem(0.1 + 0.2, 30, 'x')).toBeNull();
  });
});

describe('a form’s messages are the server’s', () => {
  it('keys one message per field, the first issue of each, as the 400 answer does', () => {
    const parsed = ZTakePromiseBody.safeParse({ sysObligorCode: 'P1', amount: '', promisedDate: '' });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({
      amount: 'enter the promised amount as a number',
      promisedDate: 'enter the date the payment was promised for',
    });
  });
});
