'use client';

import { FieldError, inputClass } from './styles';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A weekday by its number (1 Monday to 7 Sunday), as the schedules store it. */
export function weekdayName(day: string | number): string | undefined {
  return WEEKDAYS[Number(day) - 1];
}

export type ScheduleFrequency = 'DAILY' | 'WEEKLY' | 'MONTHLY';

const FREQUENCY_LABELS: Record<ScheduleFrequency, string> = { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' };

/**
 * The cells of a form that sends something on a schedule: on or off, how often, and the day it
 * goes (a weekday when weekly, a day of the month from 1 to 28 when monthly, none when daily). The
 * day is a string, as typed or chosen; the form around it lays the cells out and keeps the values.
 */
export function ScheduleFields<F extends ScheduleFrequency>({
  idPrefix,
  enabledLabel,
  enabled,
  onEnabled,
  frequencies,
  frequency,
  onFrequency,
  dayId,
  day,
  onDay,
  dayError,
}: {
  idPrefix: string;
  enabledLabel: string;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  /** The choices of "How often", in their order. */
  frequencies: readonly F[];
  frequency: F;
  onFrequency: (frequency: F) => void;
  /** The day field's id (its label points at it). */
  dayId: string;
  day: string;
  onDay: (day: string) => void;
  dayError: string | undefined;
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" checked={enabled} onChange={(e) => onEnabled(e.target.checked)} />
        {enabledLabel}
      </label>
      <div>
        <label htmlFor={`${idPrefix}-frequency`} className="block text-sm font-medium text-slate-700">
          How often
        </label>
        <select
          id={`${idPrefix}-frequency`}
          value={frequency}
          onChange={(e) => onFrequency(e.target.value as F)}
          className={inputClass}
        >
          {frequencies.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      {frequency !== 'DAILY' && (
        <div>
          <label htmlFor={dayId} className="block text-sm font-medium text-slate-700">
            {frequency === 'MONTHLY' ? 'Day of the month (1 to 28)' : 'Weekday'}
          </label>
          {frequency === 'MONTHLY' ? (
            <input
              id={dayId}
              inputMode="numeric"
              value={day}
              onChange={(e) => onDay(e.target.value)}
              aria-invalid={Boolean(dayError)}
              className={inputClass}
            />
          ) : (
            <select
              id={dayId}
              value={day}
              onChange={(e) => onDay(e.target.value)}
              aria-invalid={Boolean(dayError)}
              className={inputClass}
            >
              {WEEKDAYS.map((name, i) => (
                <option key={name} value={String(i + 1)}>
                  {name}
                </option>
              ))}
            </select>
          )}
          <FieldError message={dayError} />
        </div>
      )}
    </>
  );
}
