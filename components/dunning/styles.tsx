/** Shared classes of the reminders page's forms. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-rose-400';
export const primaryButton =
  'rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60';
export const secondaryButton =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';

export function FieldError({ message, id }: { message?: string; id?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-rose-700">
      {message}
    </p>
  ) : null;
}
