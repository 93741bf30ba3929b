'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { FormEvent, ReactNode } from 'react';

export const BUTTON =
  'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
export const SECONDARY =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

/**
 * A dialog holding one form: title, a line under it, the API's refusal above the fields, and
 * Cancel beside the submit button (which says `busyLabel` while the call is out).
 */
export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  testId,
  width = 'max-w-lg',
  error,
  onSubmit,
  busy,
  submitLabel,
  busyLabel = 'Saving…',
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  testId: string;
  /** The panel's Tailwind max width. */
  width?: string;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className={`w-full ${width} rounded-xl bg-white p-6 shadow-xl`} data-testid={testId}>
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{description}</p>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {error && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </p>
            )}
            {children}
            <div className="flex justify-end gap-3">
              <button type="button" onClick={onClose} className={SECONDARY}>
                Cancel
              </button>
              <button type="submit" disabled={busy} className={BUTTON}>
                {busy ? busyLabel : submitLabel}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
