/**
 * Floats (weighted ratings) to 9 decimals, in any nesting of arrays and objects: two paths that sum
 * the same figures in another order agree to that, not to the last bit.
 */
export function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e9) / 1e9;
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}
