/**
 * GSTIN: 2-digit state code + the holder's PAN (5 letters, 4 digits, 1 letter) + the registration's
 * number in the state (1-9 or A-Z) + 'Z' + a check character (a mod-36 Luhn variant over the first
 * 14 characters), as the GST network issues them.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i] ?? '0') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] ?? '0';
}

/** Why a GSTIN is wrong (a field message), or null when it is a well-formed one with the right check character. */
export function gstinProblem(value: string): string | null {
  const v = value.trim().toUpperCase();
  if (v.length !== 15) return 'a GSTIN has 15 characters, e.g. 27AAACV1234F1Z5';
  if (!GSTIN_PATTERN.test(v))
    return 'a GSTIN is the state code, the PAN, the registration number, Z and a check character';
  const state = Number(v.slice(0, 2));
  if (state < 1 || state > 38) return 'the first two digits are a state code, 01 to 38';
  if (gstinCheckChar(v.slice(0, 14)) !== v[14])
    return 'the last character (the check character) does not match: a typing mistake?';
  return null;
}
