import { describe, expect, it } from 'vitest';
import { indianMobile, whatsappLink, whatsappReminderText } from '@/lib/domain/whatsapp';

describe('Indian mobile numbers', () => {
  it('reads the ways a number is written', () => {
    for (const written of [
      '+91 98765 43210',
      '919876543210',
      '09876543210',
      '9876543210',
      '+91-98765-43210',
      '(+91) 98765 43210',
    ])
      expect(indianMobile(written)).toBe('919876543210');
  });
  it('refuses landlines, short numbers and other countries', () => {
    for (const written of ['022 2345 6789', '+91 5876543210', '98765 4321', '+44 7911 123456', '', null, 'call office'])
      expect(indianMobile(written)).toBeNull();
  });
});

describe('WhatsApp link', () => {
  it('opens a chat with the text encoded', () => {
    expect(whatsappLink('+91 98765 43210', 'Pay ₹1,000 & thanks')).toBe(
      'https://wa.me/919876543210?text=Pay%20%E2%82%B91%2C000%20%26%20thanks',
    );
    expect(whatsappLink('022 2345 6789', 'x')).toBeNull();
  });
  it('writes the reminder with the amount in Indian grouping and the UPI link when there is one', () => {
    const text = whatsappReminderText({
      contactName: 'Ramesh',
      customerName: 'Shree Balaji Traders',
      clientName: 'Vardhman Distributors',
      amountDue: 123456.5,
      oldestBucketLabel: '61-90 days',
      paymentLink: 'upi://pay?pa=vardhman@hdfcbank',
    });
    expect(text).toContain('Namaste Ramesh ji,');
    expect(text).toContain('₹1,23,456.50 is overdue on the account of Shree Balaji Traders with Vardhman Distributors');
    expect(text).toContain('Pay by UPI: upi://pay?pa=vardhman@hdfcbank');
  });
});
