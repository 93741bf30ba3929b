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

/** Short form for cards: lakh and crore for INR (₹12.35 L, ₹1.23 Cr), K/M/B otherwise. */
export function formatMoneyShort(value: number, currency = 'INR', locale = 'en-IN'): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const symbol = formatMoney(0, currency, locale, 0).replace(/[\d\s.,]/g, '');
  const units: [number, string][] =
    currency === 'INR'
      ? [
          [1e7, ' Cr'],
          [1e5, ' L'],
          [1e3, ' K'],
        ]
      : [
          [1e9, 'B'],
          [1e6, 'M'],
          [1e3, 'K'],
        ];
  for (const [size, suffix] of units) {
    if (abs >= size) return `${sign}${symbol}${(abs / size).toFixed(2)}${suffix}`;
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
