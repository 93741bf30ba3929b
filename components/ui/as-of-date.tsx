'use client';

import { asOfCheck } from '@/lib/domain/as-of';
import { DateInput } from './date-input';
import { useUrlState } from './use-url-state';

/**
 * The "As of" date of a page, in the URL as `date`; today is the default and leaves the URL clean.
 * A day after today or before the ledger's first entry is refused in words, as the page and the API
 * refuse it (`asOfDateProblem`).
 */
export function AsOfDate({ today, ledgerStart }: { today: string; ledgerStart: string | null }) {
  const { params, update } = useUrlState();
  return (
    <DateInput
      label="As of"
      value={params.date ?? today}
      testId="as-of-date"
      check={asOfCheck({ today, ledgerStart })}
      onCommit={(day) => update({ date: day === today ? null : day })}
    />
  );
}
