'use client';

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatInstant } from '@/lib/domain/instants';
import { useTimeZone } from './client-clock';

/**
 * The 'Last updated' time a page shows in the top bar's slot: the integration update time on
 * receivables and list views, the view update time elsewhere (spec section 2). While the rollups
 * are rebuilt after an import (`refreshingAfter`, its commit), it says so: until then the pages
 * answer the dates being rebuilt from the ledger, exactly but more slowly.
 */
export function LastUpdated({
  time,
  kind,
  refreshingAfter,
}: {
  time: string | null;
  kind: 'integration' | 'view';
  refreshingAfter: string | null;
}) {
  const [slot, setSlot] = useState<Element | null>(null);
  const timeZone = useTimeZone();
  useEffect(() => setSlot(document.getElementById('last-updated-slot')), []);
  if (!slot) return null;
  const text = time ? formatInstant(time, timeZone) : 'never';
  return createPortal(
    <>
      {refreshingAfter && (
        <span className="mr-3 text-amber-700" role="status" data-testid="figures-refreshing">
          Figures are being refreshed after the import of {formatInstant(refreshingAfter, timeZone, 'time')}
        </span>
      )}
      <span
        title={kind === 'integration' ? 'Time of the last data import' : 'Time the figures were last computed'}
        data-testid="last-updated"
      >
        Last updated: <span className="font-medium text-slate-700">{text}</span>
      </span>
    </>,
    slot,
  );
}
