import { describe, expect, it } from 'vitest';
import { runningBalance, type StatementEntry } from '@/lib/domain/statement';

const e = (date: string, kind: StatementEntry['kind'], reference: string, amount: number): StatementEntry => ({
  date,
  kind,
  reference,
  amount,
});

describe('statement running balance', () => {
  it('adds documents and takes payments and credit notes, from the opening balance', () => {
    const { lines, closing, debits, credits } = runningBalance(1000, [
      e('2026-03-05', 'PAYMENT', 'P1', -400),
      e('2026-03-01', 'INVOICE', 'I1', 250.5),
      e('2026-03-03', 'CREDIT_NOTE', 'C1', -50.25),
    ]);
    expect(lines.map((l) => l.reference)).toEqual(['I1', 'C1', 'P1']);
    expect(lines.map((l) => l.balance)).toEqual([1250.5, 1200.25, 800.25]);
    expect(closing).toBe(800.25);
    expect(debits).toBe(250.5);
    expect(credits).toBe(450.25);
    expect(lines[2]).toMatchObject({ debit: 0, credit: 400 });
  });

  it('puts a same-day invoice before its payment', () => {
    const { lines } = runningBalance(0, [e('2026-03-01', 'PAYMENT', 'A', -100), e('2026-03-01', 'INVOICE', 'Z', 100)]);
    expect(lines.map((l) => l.balance)).toEqual([100, 0]);
  });

  it('does not drift over many paise amounts', () => {
    const entries = Array.from({ length: 1000 }, (_, i) => e('2026-01-01', 'INVOICE', `I${i}`, 0.1));
    expect(runningBalance(0, entries).closing).toBe(100);
  });

  it('an empty period closes at the opening balance', () => {
    expect(runningBalance(123.45, []).closing).toBe(123.45);
  });
});
