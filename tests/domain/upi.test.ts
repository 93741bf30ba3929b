import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPI_LIMIT,
  IFSC_PATTERN,
  MAX_UPI_LIMIT,
  upiAllowed,
  upiLink,
  upiReference,
  VPA_PATTERN,
} from '@/lib/domain/upi';

describe('the UPI payment link', () => {
  it('carries the VPA, the name, the amount with two decimals, the reference and INR, URL-encoded', () => {
    expect(
      upiLink({
        vpa: 'vardhmanfoods@icici',
        payeeName: 'Vardhman Foods & Co.',
        amount: 123456.5,
        reference: 'VARDHMAN dues P-01',
      }),
    ).toBe(
      'upi://pay?pa=vardhmanfoods%40icici&pn=Vardhman%20Foods%20%26%20Co.&am=123456.50&tn=VARDHMAN%20dues%20P-01&cu=INR',
    );
  });
  it('leaves the amount to the payer when there is none, and the reference out when empty', () => {
    expect(upiLink({ vpa: 'a.b@okhdfcbank', payeeName: 'Kaveri (India)', amount: null })).toBe(
      'upi://pay?pa=a.b%40okhdfcbank&pn=Kaveri%20%28India%29&cu=INR',
    );
    expect(upiLink({ vpa: 'a.b@okhdfcbank', payeeName: 'K', amount: 0, reference: ' ' })).toBe(
      'upi://pay?pa=a.b%40okhdfcbank&pn=K&cu=INR',
    );
  });
  it('rounds the amount to paise', () => {
    expect(upiLink({ vpa: 'x@ybl', payeeName: 'X', amount: 1000.005 })).toContain('am=1000.01');
    expect(upiLink({ vpa: 'x@ybl', payeeName: 'X', amount: 1000 })).toContain('am=1000.00');
  });
  it('has a short reference', () => {
    expect(upiReference('P-01', 'VARDHMAN')).toBe('VARDHMAN dues P-01');
  });
});

describe('payment details', () => {
  it('accept a VPA of the name@bank shape only', () => {
    for (const ok of ['vardhmanfoods@icici', 'ravi.k-99@okhdfcbank', '9876543210@ybl'])
      expect(VPA_PATTERN.test(ok)).toBe(true);
    for (const bad of ['vardhmanfoods', '@icici', 'a@b', 'a b@icici', 'a@@icici', 'a@1bank'])
      expect(VPA_PATTERN.test(bad)).toBe(false);
  });
  it('accept an IFSC of four letters, a zero and six letters or digits', () => {
    expect(IFSC_PATTERN.test('HDFC0001234')).toBe(true);
    expect(IFSC_PATTERN.test('ICIC0ABC123')).toBe(true);
    for (const bad of ['HDFC1001234', 'hdfc0001234', 'HDF00001234', 'HDFC000123'])
      expect(IFSC_PATTERN.test(bad)).toBe(false);
  });
});

describe('the UPI limit', () => {
  it('offers UPI up to the limit, and always for a link without an amount', () => {
    expect(DEFAULT_UPI_LIMIT).toBe(100_000);
    expect(upiAllowed(100_000, DEFAULT_UPI_LIMIT)).toBe(true);
    expect(upiAllowed(100_000.01, DEFAULT_UPI_LIMIT)).toBe(false);
    expect(upiAllowed(6_438_433.7, DEFAULT_UPI_LIMIT)).toBe(false);
    expect(upiAllowed(null, DEFAULT_UPI_LIMIT)).toBe(true);
    expect(upiAllowed(0, 1)).toBe(true);
    expect(upiAllowed(4_00_000, MAX_UPI_LIMIT)).toBe(true);
  });
});
