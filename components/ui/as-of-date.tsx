'use client';

import { DateInput } from './date-input';
import { useUrlState } from './use-url-state';

/** The "As of" date of a page, in the URL as `date`; today is the default and leaves the URL clean. */
export function AsOfDate({ today }: { today: string }) {
  const { params, update } = useUrlState();
  return (
    <DateInput
      label="As of"
      value={params.date ?? today}
      testId="as-of-date"
      onCommit={(day) => update({ date: day === today ? null : day })}
    />
  );
}
