import { formatMoney } from './format';

/**
 * WhatsApp without a provider: the collector's own WhatsApp opens a chat with the message already
 * written (https://wa.me/<number>?text=...), they press send, and the product logs it. Numbers are
 * Indian mobiles: ten digits starting 6-9, written with or without +91, 91 or a leading 0, spaces,
 * dashes or brackets.
 */
export function indianMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s\-().]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `91${match[1]}` : null;
}

/** The wa.me link that opens a chat with `phone` and `text` written in; null when the number is not an Indian mobile. */
export function whatsappLink(phone: string | null | undefined, text: string): string | null {
  const number = indianMobile(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

export interface ReminderFacts {
  contactName: string | null;
  customerName: string;
  clientName: string;
  amountDue: number;
  /** "61-90 days" */
  oldestBucketLabel: string;
  /** A UPI payment link when the client has a UPI address. */
  paymentLink?: string | null;
  /** Money received on account, not yet allocated to bills, already deducted from `amountDue` (positive; 0 or absent: none). */
  onAccount?: number;
}

/** A short, polite reminder as an Indian distributor's collector would write it on WhatsApp. */
export function whatsappReminderText(f: ReminderFacts): string {
  const greeting = f.contactName ? `Namaste ${f.contactName} ji,` : 'Namaste,';
  const lines = [
    greeting,
    `${formatMoney(f.amountDue)} is overdue on the account of ${f.customerName} with ${f.clientName} (oldest bills ${f.oldestBucketLabel} past due).`,
    ...(f.onAccount && f.onAccount > 0
      ? [
          `We have received ${formatMoney(f.onAccount)} on account that is not yet allocated to bills; we have deducted it. Please tell us which bills it pays.`,
        ]
      : []),
    'Kindly arrange the payment at the earliest, or tell us if any bill is in question.',
  ];
  if (f.paymentLink) lines.push(`Pay by UPI: ${f.paymentLink}`);
  lines.push(`Thank you, ${f.clientName} accounts team`);
  return lines.join('\n');
}
