import type { ReactNode } from 'react';
import { FieldError } from '@/components/contacts/form-field';

/** One field of a form: its label, the control (whose id is `id`), and the API's message for it under it. */
export function LabelledField({
  id,
  label,
  optional = false,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Says '(optional)' after the label. */
  optional?: boolean;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {optional && (
          <>
            {' '}
            <span className="font-normal text-slate-400">(optional)</span>
          </>
        )}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
