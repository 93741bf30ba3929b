'use client';

import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/contract/errors';
import { apiErrorMessage } from './api';

export const CORRECT_FIELDS = 'Please correct the highlighted fields.';

/**
 * The fields whose control refuses what was typed (a DateInput with "31/02/2026" or a day outside
 * its range sets a custom validity and `data-field`). Checking them fires their `invalid` event, so
 * each shows its own message; the form only needs to know not to send.
 */
function refusedByControls(form: HTMLFormElement): Set<string> {
  const refused = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement)) continue;
    const field = element.dataset.field;
    if (field && !element.checkValidity() && element.validity.customError) refused.add(field);
  }
  return refused;
}

/**
 * A form that sends one call: on submit the input is checked with the call's own request schema
 * (the contract the server parses with) and against the form's controls, and only a valid input is
 * sent. Every field gets one message: the control's own (it knows what was typed), else the
 * schema's, else the server's answer (a rule only the server can check: the client's today, the
 * open amount). `fields` is keyed like the server's `fields` (`fieldErrors()`); `notFoundField`
 * takes a 404's message as that field's (a customer the user may no longer see).
 */
export function useContractForm<S extends z.ZodType>(schema: S, options: { notFoundField?: string } = {}) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(
    event: FormEvent<HTMLFormElement>,
    input: z.input<S>,
    send: (input: z.input<S>) => Promise<void>,
  ): Promise<void> {
    event.preventDefault();
    const refused = refusedByControls(event.currentTarget);
    const parsed = schema.safeParse(input);
    const problems = parsed.success ? {} : fieldErrors(parsed.error);
    for (const field of refused) delete problems[field];
    if (refused.size || Object.keys(problems).length) {
      setFields(problems);
      setError(CORRECT_FIELDS);
      return;
    }
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await send(input);
    } catch (err) {
      const result = await apiErrorMessage(err);
      const notFound = (err as { response?: Response }).response?.status === 404 && options.notFoundField;
      const answered = notFound ? { [notFound]: result.message } : result.fields;
      setFields(answered ?? {});
      setError(answered ? CORRECT_FIELDS : result.message);
    } finally {
      setBusy(false);
    }
  }

  const reset = () => {
    setFields({});
    setError(null);
    setBusy(false);
  };

  /** Drops one field's message once the user changes that field (a picker's new choice). */
  const clear = (name: string) => setFields(({ [name]: _, ...rest }) => rest);

  /** The accessibility attributes of the control of `name`, whose message has the id `${prefix}-${name}-error`. */
  const aria = (prefix: string, name: string) => ({
    'aria-invalid': Boolean(fields[name]),
    'aria-describedby': `${prefix}-${name}-error`,
  });

  return { fields, error, busy, submit, reset, clear, aria };
}
