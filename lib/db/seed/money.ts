/**
 * Money is computed in integer paise so that sums never drift, and written as the 2-decimal strings
 * that numeric(18,2) columns take.
 */

/** 123456 paise -> '1234.56'; negative amounts keep their sign. */
export function paiseToNumeric(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  return `${sign}${rupees}.${String(abs % 100).padStart(2, '0')}`;
}

/** Indian digit grouping: 2400000 -> '24,00,000'. */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** '₹2,40,000' (whole rupees, as written in notes and messages). */
export function inr(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  return `${sign}₹${groupIndian(Math.round(Math.abs(paise) / 100))}`;
}

/** Rounds paise to a multiple of `stepRupees` rupees (down, up or nearest). */
export function roundRupees(paise: number, stepRupees: number, mode: 'down' | 'up' | 'nearest' = 'nearest'): number {
  const step = stepRupees * 100;
  const f = mode === 'down' ? Math.floor : mode === 'up' ? Math.ceil : Math.round;
  return f(paise / step) * step;
}
