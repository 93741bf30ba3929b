/**
 * UPI payment links (NPCI's deep-link format, which every UPI app opens): the client's VPA, its
 * name, the amount and a reference the client sees on its bank statement.
 */

/** A UPI address: handle@bank (letters, digits, dot, hyphen, underscore before the @; a bank handle after). */
export const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
/** An Indian bank branch code: four letters, a zero, six letters or digits. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/**
 * The most one UPI payment may carry unless the client sets otherwise: NPCI's limit for most
 * payments, ₹1,00,000. UPI apps refuse a link asking for more (a reminder for ₹64.38 L cannot be
 * paid from it), so above the client's limit the customer is asked to pay by bank transfer.
 */
export const DEFAULT_UPI_LIMIT = 100_000;
/** The highest limit a client may set: NPCI's largest per-payment limit, for some merchant categories. */
export const MAX_UPI_LIMIT = 500_000;

/** Whether UPI may be offered for this amount: within the limit, or no amount (the payer types one). */
export function upiAllowed(amount: number | null | undefined, limit: number): boolean {
  return amount == null || amount <= 0 || amount <= limit;
}

export interface UpiPayment {
  vpa: string;
  payeeName: string;
  /** Rupees; omitted (the payer types it) when null or not positive. */
  amount?: number | null;
  /** Shown to both sides (tn): the customer's code or the invoice numbers. */
  reference?: string | null;
}

/** RFC 3986 encoding (encodeURIComponent leaves !'()* alone, which some UPI apps misread). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** upi://pay?pa=<vpa>&pn=<name>&am=<amount, 2 decimals>&tn=<reference>&cu=INR, each value URL-encoded. */
export function upiLink(payment: UpiPayment): string {
  const parts = [`pa=${encode(payment.vpa.trim())}`, `pn=${encode(payment.payeeName.trim())}`];
  if (payment.amount != null && payment.amount > 0)
    parts.push(`am=${(Math.round(Number((payment.amount * 100).toFixed(6))) / 100).toFixed(2)}`);
  const reference = payment.reference?.trim().slice(0, 80);
  if (reference) parts.push(`tn=${encode(reference)}`);
  parts.push('cu=INR');
  return `upi://pay?${parts.join('&')}`;
}

/** The reference of a customer's payment: short, so that it survives every bank's narration field. */
export function upiReference(customerCode: string, clientCode?: string): string {
  return `${clientCode ? `${clientCode} ` : ''}dues ${customerCode}`.slice(0, 50);
}
