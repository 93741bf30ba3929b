'use client';

import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * The 'Last updated' time a page shows in the top bar's slot: the integration update time on
 * receivables and list views, the view update time elsewhere (spec section 2).
 */
export function LastUpdated({ time, kind }: { time: string | null; kind: 'integration' | 'view' }) {
  const [slot, setSlot] = useState<Element | null>(null);
  useEffect(() => setSlot(document.getElementById('last-updated-slot')), []);
  if (!slot) return null;
  const text = time ? format(new Date(time), 'd MMM yyyy, h:mm a') : 'never';
  return createPortal(
    <span
      title={kind === 'integration' ? 'Time of the last data import' : 'Time the figures were last computed'}
      data-testid="last-updated"
    >
      Last updated: <span className="font-medium text-slate-700">{text}</span>
    </span>,
    slot,
  );
}
