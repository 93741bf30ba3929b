import { formatDayInput } from './day-input';

/**
 * Why an "as of" date of the figures is refused, or null. A later day than the client's today has
 * no figures yet (an ageing "as of" 2030 would call every bill overdue); a day before the ledger's
 * first entry (`ledgerStart`, when known) has nothing to show. The API refuses the first (400 on
 * `date`); the pages say both in words instead of showing a misleading or empty table.
 */
export function asOfDateProblem(date: string, today: string, ledgerStart: string | null = null): string | null {
  if (date > today) return `the date cannot be after today (${formatDayInput(today)}): a later day has no figures yet`;
  if (ledgerStart && date < ledgerStart)
    return `the ledger starts on ${formatDayInput(ledgerStart)}: choose a date from then on`;
  return null;
}

/** The check of a page's date field (`DateInput`'s `check`) from the client's settings: `asOfDateProblem`. */
export function asOfCheck(settings: { today: string; ledgerStart: string | null }) {
  return (date: string) => asOfDateProblem(date, settings.today, settings.ledgerStart);
}
