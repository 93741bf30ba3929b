/** Money and dates as a finance user in the client's locale reads them (en-IN: ₹12,34,567.00). */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, digits: number): Intl.NumberFormat {
  const key = `${currency}|${locale}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}

export function formatMoney(value: number, currency = 'INR', locale = 'en-IN', digits = 2): string {
  return formatter(currency, locale, digits).format(value);
}

/**
 * Short form for cards and chart axes: crore and lakh for INR (₹12.35 L, ₹1.23 Cr), billions and
 * millions otherwise; below a lakh (a million) the amount in full, in whole rupees (₹74,250).
 * Never "K": Indian readers count in thousands, lakh and crore, and read ₹74.25 K as foreign.
 */
export function formatMoneyShort(value: number, currency = 'INR', locale = 'en-IN'): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const symbol = formatMoney(0, currency, locale, 0).replace(/[\d\s.,]/g, '');
  const units: [number, string][] =
    currency === 'INR'
      ? [
          [1e7, ' Cr'],
          [1e5, ' L'],
        ]
      : [
          [1e9, 'B'],
          [1e6, 'M'],
        ];
  for (const [size, suffix] of units) {
    // By the figure shown: ₹99,999.60 reads ₹1.00 L, not ₹1,00,000 beside ₹1.01 L.
    const shown = (abs / size).toFixed(2);
    if (Number(shown) >= 1) return `${sign}${symbol}${shown}${suffix}`;
  }
  return formatMoney(value, currency, locale, 0);
}

export function formatPercent(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

export function formatCount(value: number, locale = 'en-IN'): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** An upper-case code as a label: 'PROMISE_TO_PAY' → 'Promise to pay'. */
export function titleCase(code: string): string {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The exact sum of money amounts (in paise, then back), so a total row equals its figures to the paisa. */
export function sumMoney(values: number[]): number {
  return values.reduce((paise, value) => paise + Math.round(value * 100), 0) / 100;
}

/** A count with its noun in English: '1 email', '30 emails', '1,245 tasks'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Items as an English list: 'a', 'a and b', 'a, b and c'. */
export function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
