import { describe, expect, it } from 'vitest';
import {
  amountText,
  DEFAULT_POLICY,
  levelFor,
  overdueTableText,
  renderTemplate,
  renderTemplateHtml,
  unknownPlaceholders,
  type TemplateValues,
} from '@/lib/domain/dunning';
import { NO_LAW } from '@/lib/domain/law-lines';

const values: TemplateValues = {
  customerName: 'Shree Ganesh Traders',
  familyName: 'Shree Ganesh Group',
  amountDue: '1,23,456.50',
  overdueTable: '<table>',
  oldestDays: '17',
  statementLink: 'https://app.test/s',
  paymentLink: 'upi://pay?pa=a%40b',
  clientName: 'Vardhman Foods',
  ...NO_LAW,
};

describe('the default policy', () => {
  it('has the five levels of the brief, in order of days, with a manager task last', () => {
    expect(DEFAULT_POLICY).toMatchObject({ enabled: true, grouping: 'FAMILY', minAmount: 1000, quietDays: 7 });
    expect(DEFAULT_POLICY.levels.map((l) => [l.level, l.days, l.channel, l.taskFor])).toEqual([
      [1, -3, 'EMAIL', null],
      [2, 1, 'EMAIL', null],
      [3, 15, 'EMAIL', null],
      [4, 30, 'WHATSAPP', null],
      [5, 60, 'TASK', 'MANAGER'],
    ]);
    for (const level of DEFAULT_POLICY.levels) {
      expect(unknownPlaceholders(level.subject + level.body)).toEqual([]);
    }
  });
});

describe('the level reached', () => {
  const levels = DEFAULT_POLICY.levels;
  it('is the highest whose days are at most the oldest days past due', () => {
    expect(levelFor(levels, -4)).toBeNull(); // due in 4 days: too early even for "due soon"
    expect(levelFor(levels, -3)?.level).toBe(1);
    expect(levelFor(levels, 0)?.level).toBe(1); // due today
    expect(levelFor(levels, 1)?.level).toBe(2);
    expect(levelFor(levels, 14)?.level).toBe(2);
    expect(levelFor(levels, 15)?.level).toBe(3);
    expect(levelFor(levels, 29)?.level).toBe(3);
    expect(levelFor(levels, 30)?.level).toBe(4);
    expect(levelFor(levels, 59)?.level).toBe(4);
    expect(levelFor(levels, 60)?.level).toBe(5);
    expect(levelFor(levels, 400)?.level).toBe(5);
  });
  it('does not depend on the order the levels are given in', () => {
    expect(levelFor([{ days: 30 }, { days: 1 }, { days: 15 }], 20)).toEqual({ days: 15 });
    expect(levelFor([], 20)).toBeNull();
  });
});

describe('templates', () => {
  it('find the placeholders that are not ours, each once, spaces inside the braces allowed', () => {
    expect(unknownPlaceholders('Dear {{ customerName }}, pay {{amount}} or {{amount}} by {{dueDate}}')).toEqual([
      'amount',
      'dueDate',
    ]);
    expect(unknownPlaceholders('no placeholders { here }')).toEqual([]);
  });
  it('replace every placeholder in text', () => {
    expect(
      renderTemplate('Payment reminder: ₹{{amountDue}} overdue from {{customerName}} ({{ oldestDays }} days)', values),
    ).toBe('Payment reminder: ₹1,23,456.50 overdue from Shree Ganesh Traders (17 days)');
  });
  it('escape the template text in HTML but not the HTML values, and keep line breaks', () => {
    expect(renderTemplateHtml('A & B <x>\n{{overdueTable}}', values)).toBe('A &amp; B &lt;x&gt;<br>\n<table>');
  });
  it('write rupees with Indian grouping and two decimals', () => {
    expect(amountText(123456.5)).toBe('1,23,456.50');
    expect(amountText(1000)).toBe('1,000.00');
    expect(amountText(-2000)).toBe('-2,000.00');
  });
  it('list the items as text with dd/mm/yyyy dates', () => {
    expect(
      overdueTableText([
        {
          invoiceNum: 'INV/1',
          docType: 'INVOICE',
          issueDate: '2026-10-01',
          dueDate: '2026-10-31',
          outstanding: 25000,
          daysPastDue: 24,
        },
        {
          invoiceNum: 'CN/2',
          docType: 'CREDIT_NOTE',
          issueDate: '2026-11-02',
          dueDate: null,
          outstanding: -2000,
          daysPastDue: 22,
        },
      ]),
    ).toBe(
      '- Invoice INV/1 dated 01/10/2026, due 31/10/2026: ₹25,000.00 (24 days overdue)\n' +
        '- Credit note CN/2 dated 02/11/2026: less ₹2,000.00',
    );
  });
});
