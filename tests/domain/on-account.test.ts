import { describe, expect, it } from 'vitest';
import { netDue } from '@/lib/domain/ageing';
import {
  overdueTableHtml,
  overdueTableText,
  reminderDecision,
  usesPlaceholder,
  type ReminderItem,
} from '@/lib/domain/dunning';
import { onAccountText } from '@/lib/domain/dunning';
import { askAllocationReason, isAskAllocationReason } from '@/lib/domain/on-account-reminders';
import { whatsappReminderText } from '@/lib/domain/whatsapp';

/** Money received on account and not yet allocated to bills, netted off what a customer is asked to pay. */
describe('netDue', () => {
  it('deducts the unallocated receipts (zero or negative) from the amount due', () => {
    expect(netDue(28_000, -5_000)).toBe(23_000);
    expect(netDue(28_000, 0)).toBe(28_000);
  });
  it('never goes below zero: money left over is the customer’s, not a debt', () => {
    expect(netDue(12_000, -15_000)).toBe(0);
    expect(netDue(12_000, -12_000)).toBe(0);
    expect(netDue(0, -500)).toBe(0);
    expect(netDue(-2_000, 0)).toBe(0);
  });
  it('is exact to the paisa', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in paise 10 + 20 = 30.
    expect(netDue(1000.1, -999.8)).toBe(0.3);
    expect(netDue(12_345.67, -2_345.66)).toBe(10_000.01);
  });
});

describe('a reminder with money on account (minimum ₹1,000)', () => {
  it('reminds for the net amount when the money covers only part', () => {
    // 28,000 due less 5,000 on account = 23,000, over the minimum.
    expect(reminderDecision(28_000, -5_000, 1000)).toEqual({ action: 'REMIND', amountDue: 23_000 });
    // 15,000 less 9,000 = 6,000.
    expect(reminderDecision(15_000, -9_000, 1000)).toEqual({ action: 'REMIND', amountDue: 6_000 });
    // Exactly the minimum left: still a reminder.
    expect(reminderDecision(4_000, -3_000, 1000)).toEqual({ action: 'REMIND', amountDue: 1_000 });
  });
  it('asks which bills the money pays when it covers the whole amount due', () => {
    expect(reminderDecision(12_000, -15_000, 1000)).toEqual({ action: 'ASK_ALLOCATION', amountDue: 0 });
    expect(reminderDecision(12_000, -12_000, 1000)).toEqual({ action: 'ASK_ALLOCATION', amountDue: 0 });
    // A zero minimum: nothing left is still covered.
    expect(reminderDecision(12_000, -12_000, 0)).toEqual({ action: 'ASK_ALLOCATION', amountDue: 0 });
  });
  it('asks too when the money leaves less than the minimum', () => {
    // 3,000 less 2,500 = 500, under 1,000 only because of the money on account.
    expect(reminderDecision(3_000, -2_500, 1000)).toEqual({ action: 'ASK_ALLOCATION', amountDue: 500 });
    expect(reminderDecision(4_000, -3_000.01, 1000)).toEqual({ action: 'ASK_ALLOCATION', amountDue: 999.99 });
  });
  it('reminds as before without money on account, and leaves out what was under the minimum anyway', () => {
    expect(reminderDecision(18_000, 0, 1000)).toEqual({ action: 'REMIND', amountDue: 18_000 });
    expect(reminderDecision(800, 0, 1000)).toBeNull();
    expect(reminderDecision(800, -500, 1000)).toBeNull();
    expect(reminderDecision(0, -500, 1000)).toBeNull();
  });
});

const ITEMS: ReminderItem[] = [
  {
    invoiceNum: 'GT/1',
    docType: 'INVOICE',
    issueDate: '2026-09-26',
    dueDate: '2026-10-26',
    outstanding: 20_000,
    daysPastDue: 25,
  },
  {
    invoiceNum: 'GT/2',
    docType: 'INVOICE',
    issueDate: '2026-10-11',
    dueDate: '2026-11-10',
    outstanding: 8_000,
    daysPastDue: 10,
  },
];

const baseFacts = {
  contactName: null,
  customerName: 'Sawant Agencies',
  clientName: 'Vardhman Distributors',
  amountDue: 15_000,
  oldestBucketLabel: '1-30 days',
};

describe('the reminder says what was deducted', () => {
  it('in one line, in rupees with Indian grouping', () => {
    expect(onAccountText(-5_000, 23_000)).toBe(
      'We have received ₹5,000.00 on account that is not yet allocated to bills; we have deducted it: ₹23,000.00 remains due. Please let us know which bills it pays.',
    );
    expect(onAccountText(-150_000, 1_23_456.5)).toContain('₹1,50,000.00 on account');
    expect(onAccountText(-150_000, 1_23_456.5)).toContain('₹1,23,456.50 remains due');
  });
  it('after the items, which stay listed (text)', () => {
    expect(overdueTableText(ITEMS, { unallocated: -5_000, amountDue: 23_000 })).toBe(
      '- Invoice GT/1 dated 26/09/2026, due 26/10/2026: ₹20,000.00 (25 days overdue)\n' +
        '- Invoice GT/2 dated 11/10/2026, due 10/11/2026: ₹8,000.00 (10 days overdue)\n\n' +
        'We have received ₹5,000.00 on account that is not yet allocated to bills; we have deducted it: ₹23,000.00 remains due. Please let us know which bills it pays.',
    );
    // Nothing on account: the items alone, as before.
    expect(overdueTableText(ITEMS, { unallocated: 0, amountDue: 28_000 })).toBe(overdueTableText(ITEMS));
  });
  it('as a row deducted before the amount due, and the line below the table (HTML)', () => {
    const html = overdueTableHtml(ITEMS, 23_000, { unallocated: -5_000, amountDue: 23_000 });
    // 20,000 + 8,000 less 5,000 = 23,000: the table adds up.
    expect(html).toMatch(/Received on account, not yet allocated to bills<\/td><td [^>]*>less ₹5,000\.00</);
    expect(html).toMatch(/<strong>Amount due<\/strong><\/td><td [^>]*><strong>₹23,000\.00<\/strong>/);
    expect(html.indexOf('Received on account')).toBeLessThan(html.indexOf('Amount due'));
    expect(html).toContain('<p style="margin:8px 0">We have received ₹5,000.00 on account');
    expect(overdueTableHtml(ITEMS, 28_000)).not.toContain('on account');
  });
  it('knows which templates list the items', () => {
    expect(usesPlaceholder('Dear {{customerName}},\n\n{{ overdueTable }}', 'overdueTable')).toBe(true);
    expect(usesPlaceholder('₹{{amountDue}} is overdue', 'overdueTable')).toBe(false);
  });
  it('gives the reason a covered customer is asked rather than reminded', () => {
    const reason = askAllocationReason(12_000, -15_000, 0);
    expect(reason).toBe(
      '₹15,000.00 received on account, not yet allocated to bills, covers the ₹12,000.00 due: no reminder; a task asks which bills it pays',
    );
    expect(isAskAllocationReason(reason)).toBe(true);
    const under = askAllocationReason(3_000, -2_500, 500);
    expect(under).toBe(
      '₹2,500.00 received on account, not yet allocated to bills, leaves ₹500.00 of the ₹3,000.00 due, under the minimum: no reminder; a task asks which bills it pays',
    );
    expect(isAskAllocationReason(under)).toBe(true);
    expect(isAskAllocationReason('already reminded today')).toBe(false);
    expect(isAskAllocationReason(null)).toBe(false);
  });
  it('on WhatsApp too', () => {
    const text = whatsappReminderText({
      contactName: null,
      customerName: 'Gupta Traders',
      clientName: 'Vardhman Distributors',
      amountDue: 23_000,
      onAccount: 5_000,
      oldestBucketLabel: '1-30 days',
    });
    expect(text.split('\n')).toEqual([
      'Namaste,',
      '₹23,000.00 is overdue on the account of Gupta Traders with Vardhman Distributors (oldest bills 1-30 days past due).',
      'We have received ₹5,000.00 on account that is not yet allocated to bills; we have deducted it. Please tell us which bills it pays.',
      'Kindly arrange the payment at the earliest, or tell us if any bill is in question.',
      'Thank you, Vardhman Distributors accounts team',
    ]);
    expect(whatsappReminderText({ ...baseFacts, onAccount: 0 })).not.toContain('on account');
  });
});
