'use client';

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatInstant } from '@/lib/domain/instants';
import { useTimeZone } from './client-clock';

/**
 * The 'Last updated' time a page shows in the top bar's slot: the integration update time on
 * receivables and list views, the view update time elsewhere (spec section 2).
 */
export function LastUpdated({ time, kind }: { time: string | null; kind: 'integration' | 'view' }) {
  const [slot, setSlot] = useState<Element | null>(null);
  const timeZone = useTimeZone();
  useEffect(() => setSlot(document.getElementById('last-updated-slot')), []);
  if (!slot) return null;
  const text = time ? formatInstant(time, timeZone) : 'never';
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
