import { describe, expect, it } from 'vitest';
import type { Candidate } from '@/lib/server/dunning/candidates';
import { paymentLinkOf, textValues, type Payee } from '@/lib/server/dunning/reminder-message';

const payee: Payee = {
  code: 'VARDHMAN',
  name: 'Vardhman Trading',
  upiVpa: 'vardhman@icici',
  bankName: 'ICICI Bank',
  bankAccountName: 'Vardhman Trading',
  bankAccountNumber: '012305004567',
  bankIfsc: 'ICIC0000123',
  upiLimit: 100_000,
};

const candidate = (amountDue: number): Candidate => ({
  code: 'P0001',
  name: 'Rao Group',
  familyName: 'Rao Group',
  action: 'REMIND',
  amountDue,
  itemsDue: amountDue,
  unallocated: 0,
  oldestDays: 40,
  items: [],
  emails: 'accounts@rao.example',
  phone: null,
  collector: null,
  manager: null,
  lastSent: null,
});

describe('a reminder above the client UPI limit', () => {
  it('carries the UPI link up to the limit, the amount in it', () => {
    expect(paymentLinkOf(payee, candidate(100_000))).toBe(
      'upi://pay?pa=vardhman%40icici&pn=Vardhman%20Trading&am=100000.00&tn=VARDHMAN%20dues%20P0001&cu=INR',
    );
  });

  it('carries no UPI link above it (am=6438433.70 was refused by UPI apps) and points at the bank transfer', () => {
    expect(paymentLinkOf(payee, candidate(6_438_433.7))).toBeNull();
    expect(textValues(payee, candidate(6_438_433.7)).paymentLink).toBe(
      'not for more than ₹1,00,000.00; pay by bank transfer (details below)',
    );
  });

  it('follows the limit the client set', () => {
    expect(paymentLinkOf({ ...payee, upiLimit: 200_000 }, candidate(150_000))).toContain('am=150000.00');
    expect(textValues({ ...payee, upiLimit: 10_000, bankAccountNumber: null }, candidate(18_000)).paymentLink).toBe(
      'not for more than ₹10,000.00; ask us for our bank details',
    );
  });
});
