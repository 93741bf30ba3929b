/**
 * Dates as people in India type and read them: dd/mm/yyyy, whatever language the browser runs in
 * (a native date field shows mm/dd/yyyy in an American browser). The API and the URL keep
 * YYYY-MM-DD; these two functions convert at the field.
 */

/** '2026-03-05' → '05/03/2026'; '' for no date. */
export function formatDayInput(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * What was typed as YYYY-MM-DD: day, month and year separated by '/', '-', '.' or a space (5/3/2026,
 * 05-03-2026), or already YYYY-MM-DD; null when it is no real calendar day (31/02/2026) or the year
 * has not four digits.
 */
export function parseDayInput(text: string): string | null {
  const t = text.trim();
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dmy = isoMatch ? null : /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(t);
  const [y, m, d] = isoMatch ? [isoMatch[1], isoMatch[2], isoMatch[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y || !m || !d) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
