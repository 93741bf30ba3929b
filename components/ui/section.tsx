import { Suspense, type ReactNode } from 'react';
import { SectionBoundary } from './section-boundary';

/**
 * A card holding one data section. Its content streams in its own Suspense boundary (skeleton
 * while loading); `inputs` keys the boundary so that a change of the section's own parameters
 * shows the skeleton again while other sections keep their figures. Without `inputs`, a
 * navigation keeps the content shown until the new content replaces it.
 */
export function Section({
  title,
  description,
  actions,
  skeleton,
  inputs,
  flush = false,
  testId,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  skeleton: ReactNode;
  inputs?: string;
  /** Tables run edge to edge; charts and text get padding. */
  flush?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid={testId}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
          {description && <p className="mt-0.5 text-xs text-slate-500">{description}</p>}
        </div>
        {actions}
      </header>
      <div className={flush ? '[&_[data-section-message]]:p-5' : 'p-5'}>
        <SectionBoundary>
          <Suspense key={inputs} fallback={skeleton}>
            {children}
          </Suspense>
        </SectionBoundary>
      </div>
    </section>
  );
}
