import type { ReactNode } from 'react';

/** A dashboard card: a label, one big figure and a small line that puts the figure in context. */
export function StatCard({
  label,
  figure,
  secondary,
  testId,
  children,
}: {
  label: string;
  figure?: ReactNode;
  secondary?: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={testId}
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      {figure !== undefined && <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{figure}</p>}
      {secondary && <p className="mt-1 text-xs text-slate-500">{secondary}</p>}
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}
