import { addDays, format, parseISO } from 'date-fns';

/** The ISO day `n` days after `iso` (before it when negative). */
export const daysFrom = (iso: string, n: number): string => format(addDays(parseISO(iso), n), 'yyyy-MM-dd');

/** An ISO day as the product shows it: dd/mm/yyyy. */
export const dmyOf = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
