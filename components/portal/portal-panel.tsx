import type { ReactNode } from 'react';

/**
 * A box of the customer's statement page that asks something of them (pay, promise): its title
 * and what it is for, with a button beside them where the box opens on demand.
 */
export function PortalPanel({
  title,
  description,
  testId,
  action,
  children,
}: {
  /** Also the section's accessible name. */
  title: string;
  description: ReactNode;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={title}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
          <p className="mt-0.5 text-xs text-slate-500">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
