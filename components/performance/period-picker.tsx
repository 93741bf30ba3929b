'use client';

import { asOfCheck } from '@/lib/domain/as-of';
import { DateInput } from '@/components/ui/date-input';
import { useUrlState } from '@/components/ui/use-url-state';

/** The two days a period-over-period page compares, kept in the URL as `date` and `compareDate`. */
export function PeriodPicker({
  date,
  compareDate,
  today,
  ledgerStart,
}: {
  date: string;
  compareDate: string;
  today: string;
  ledgerStart: string | null;
}) {
  const { update } = useUrlState();
  const check = asOfCheck({ today, ledgerStart });
  return (
    <div className="flex flex-wrap items-end gap-4" data-testid="period-picker">
      <DateInput
        label="Figures on"
        value={date}
        max={today}
        testId="period-date"
        check={check}
        onCommit={(day) => update({ date: day })}
      />
      <DateInput
        label="Compared with"
        value={compareDate}
        max={today}
        testId="period-compare-date"
        check={check}
        onCommit={(day) => update({ compareDate: day })}
      />
    </div>
  );
}
