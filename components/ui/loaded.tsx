import { unstable_rethrow } from 'next/navigation';
import type { ReactNode } from 'react';
import { ZodError } from 'zod';
import { WarningBox } from '@/components/feedback/warning-box';
import { databaseWaitReason, DomainError } from '@/lib/backend/page-errors';
import { invalidParamMessage } from './invalid-link';

/**
 * Loads a section's data and renders it, or the section's own warning: 'Error fetching data' on
 * failure (logged, spec section 8; with the reason when the database could not answer in time),
 * 'Data not available' when empty, and a readable message when the link carries a parameter the
 * contract refuses. The rest of the page is unaffected.
 */
export async function Loaded<T>({
  load,
  isEmpty,
  children,
}: {
  load: () => Promise<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  let data: T;
  try {
    data = await load();
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof ZodError) return <SectionMessage kind="error" message={invalidParamMessage(error)} />;
    if ((error as { status?: number }).status === 404) return <SectionMessage kind="empty" />;
    // A value the call refuses in words (a date after today): say it, it is not a failure.
    if (error instanceof DomainError && error.kind === 'invalid')
      return <SectionMessage kind="error" message={`This link has a value the page cannot use (${error.message}).`} />;
    console.error(error);
    const wait = databaseWaitReason(error);
    if (wait)
      return <SectionMessage kind="error" message={`Error fetching data: ${wait}. Refresh in a few seconds.`} />;
    return <SectionMessage kind="error" />;
  }
  if (isEmpty?.(data)) return <SectionMessage kind="empty" />;
  return <>{children(data)}</>;
}

/** Marked so that an edge-to-edge (table) section can give the message its padding. */
function SectionMessage(props: { kind: 'empty' | 'error'; message?: string }) {
  return (
    <div data-section-message>
      <WarningBox {...props} />
    </div>
  );
}
