import 'server-only';

/** numeric columns arrive as strings from both drivers; the API answers numbers (2 decimals). */
export function numbersIn<T extends Record<string, unknown>>(row: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of keys) {
    const value = out[key];
    if (typeof value === 'string') out[key] = Number(value);
    else if (typeof value === 'bigint') out[key] = Number(value);
  }
  return out as T;
}
