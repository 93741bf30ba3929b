'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { formatDayInput, parseDayInput } from '@/lib/domain/day-input';

/** A rule's message ("the ledger starts on …") as the field's sentence. */
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

const FIELD =
  'h-9 w-[9.5rem] rounded-md border border-slate-300 bg-white pl-2.5 pr-9 text-sm font-normal tabular-nums text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20 aria-[invalid=true]:border-rose-400';

/**
 * A calendar day shown and typed as dd/mm/yyyy (en-IN), whatever the browser's language, with a
 * calendar button that opens the browser's date picker. The value it hands on is YYYY-MM-DD: a
 * hidden field named `name` for a GET form (uncontrolled: `defaultValue`), or `onCommit` for a view
 * kept in the URL (controlled: `value`), called when the typed day is complete (on Enter or on
 * leaving the field) or picked. A day that is not a real one, or outside min/max, stops the form
 * with a message instead of being sent.
 *
 * In a form that sends a call (`useContractForm`), `field` names the request's field: the form then
 * sees a refused day and does not send, and `error` is the form's message for that field (the
 * contract's or the server's). One message shows: the field's own while what was typed is no day
 * it accepts, else `error`, under the field.
 */
export function DateInput({
  label,
  name,
  value,
  defaultValue,
  onCommit,
  min,
  max,
  testId,
  field: fieldName,
  error: formError,
  check,
}: {
  label: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onCommit?: (iso: string) => void;
  min?: string;
  max?: string;
  testId?: string;
  field?: string;
  error?: string;
  /** A rule of the page on a complete day (an "as of" date): its message, or null to accept the day. */
  check?: (iso: string) => string | null;
}) {
  const id = useId();
  const initial = value ?? defaultValue ?? '';
  const [iso, setIso] = useState(initial);
  const [text, setText] = useState(formatDayInput(initial));
  const [error, setError] = useState<string | null>(null);
  // The message waits until the field is left (a form's field: until the form is sent): no scolding mid-typing.
  const [shown, setShown] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // A controlled value changed from outside (back button, another control): show it.
  useEffect(() => {
    if (value === undefined) return;
    setIso(value);
    setText(formatDayInput(value));
    setError(null);
  }, [value]);

  useEffect(() => field.current?.setCustomValidity(error ?? ''), [error]);

  function read(typed: string): string | null {
    const day = parseDayInput(typed);
    if (!day) return typed.trim() ? null : '';
    if (min && day < min) return null;
    if (max && day > max) return null;
    return day;
  }

  function accept(day: string, commit: boolean) {
    setIso(day);
    setError(null);
    if (commit && day && day !== value) onCommit?.(day);
  }

  function type(typed: string) {
    setText(typed);
    const day = read(typed);
    const refused = day && check?.(day);
    if (refused) setError(sentence(refused));
    else if (day === null) {
      setError(
        `Enter the date as dd/mm/yyyy${min ? ` from ${formatDayInput(min)}` : ''}${max ? ` up to ${formatDayInput(max)}` : ''}`,
      );
    } else accept(day, false);
  }

  function commit() {
    // A form's field says it when the form is sent (its invalid event): shown on leaving the field,
    // the message would move the form's button between the press and the release of a click on it.
    if (!fieldName) setShown(true);
    const day = read(text);
    if (day === null || (day && check?.(day))) return;
    setText(formatDayInput(day) || text);
    if (day) accept(day, true);
  }

  const message = error && shown ? error : formError;
  return (
    <div className="relative flex flex-col gap-1 text-xs font-medium text-slate-500">
      {/* In a form, labelled as the form's other fields are. */}
      <label htmlFor={id} className={fieldName ? 'text-sm font-medium text-slate-700' : undefined}>
        {label}
      </label>
      {/* As wide as the field, so that the calendar button sits inside it. */}
      <div className="relative w-fit">
        <input
          ref={field}
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          value={text}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          data-testid={testId}
          data-field={fieldName}
          onChange={(e) => type(e.target.value)}
          onBlur={commit}
          onInvalid={() => setShown(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && onCommit) {
              e.preventDefault();
              commit();
            }
          }}
          className={FIELD}
        />
        {/* The browser's own picker, behind the button; its value is YYYY-MM-DD in every language. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden
          value={iso}
          min={min}
          max={max ?? '9999-12-31'}
          onChange={(e) => {
            if (!e.target.value) return;
            setText(formatDayInput(e.target.value));
            const refused = check?.(e.target.value);
            if (refused) {
              setError(sentence(refused));
              setShown(true);
            } else accept(e.target.value, true);
          }}
          className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
        />
        <button
          type="button"
          aria-label={`Open a calendar for ${label}`}
          onClick={() => picker.current?.showPicker?.()}
          className="absolute right-1 top-1 inline-flex h-7 w-7 items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
        >
          <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
            <path
              fillRule="evenodd"
              d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z"
              clipRule="evenodd"
            />
          </svg>
        </button>
      </div>
      {name && <input type="hidden" name={name} value={iso} disabled={!iso} />}
      {/* A form's field: under it, in the flow of the form. A view's control: under it without
          moving the controls beside it. */}
      {message && (
        <span
          id={`${id}-error`}
          role="alert"
          className={
            fieldName
              ? 'font-normal text-rose-700'
              : 'absolute left-0 top-full mt-0.5 whitespace-nowrap font-normal text-rose-700'
          }
        >
          {message}
        </span>
      )}
    </div>
  );
}
