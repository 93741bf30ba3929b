'use client';

import { useState } from 'react';
import { apiErrorMessage } from '@/lib/client/api';

/** Busy flag, form error and field messages around one API call of a form. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      return await call();
    } catch (err) {
      const { message, fields: fieldMessages } = await apiErrorMessage(err);
      setError(fieldMessages && !fieldMessages.token ? 'Please correct the highlighted fields.' : message);
      setFields(fieldMessages ?? {});
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, run };
}
