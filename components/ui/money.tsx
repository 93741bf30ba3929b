import { formatMoney, formatMoneyShort } from '@/lib/domain/format';

const figureFormats = new Map<string, Intl.NumberFormat>();

/** The amount in the locale's grouping without the currency sign (12,34,567.00). */
function formatFigure(value: number, locale: string, digits = 2): string {
  const key = `${locale}:${digits}`;
  let f = figureFormats.get(key);
  if (!f)
    figureFormats.set(
      key,
      (f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })),
    );
  return f.format(value);
}

/** The currency sign alone (₹), for a table that states its currency once in its caption. */
export function currencySign(format: MoneyFormat): string {
  return formatMoney(0, format.currency, format.locale, 0).replace(/[\d\s.,]/g, '');
}

/** The client's currency and locale (en-IN: ₹12,34,567.00); plain strings so client islands get it too. */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

/**
 * An amount as a finance user reads it: tabular figures, the minus sign of a credit note kept,
 * and in short form (₹12.35 L, ₹1.23 Cr) the exact value on hover. `bare` leaves out the sign in
 * wide tables that name their currency once, as printed ageing reports do.
 */
export function Money({
  value,
  format,
  short = false,
  bare = false,
  whole = false,
  className = '',
}: {
  /** `whole` rounds to the rupee (a table that shows whole rupees throughout); the exact amount shows on hover. */
  value: number;
  format: MoneyFormat;
  short?: boolean;
  bare?: boolean;
  whole?: boolean;
  className?: string;
}) {
  const full = formatMoney(value, format.currency, format.locale);
  const text = short
    ? formatMoneyShort(value, format.currency, format.locale)
    : bare
      ? formatFigure(value, format.locale, whole ? 0 : 2)
      : whole
        ? formatMoney(value, format.currency, format.locale, 0)
        : full;
  return (
    <span
      className={`tabular-nums whitespace-nowrap ${value < 0 ? 'text-rose-700' : ''} ${className}`}
      title={text === full ? undefined : full}
      data-value={value}
    >
      {text}
    </span>
  );
}
