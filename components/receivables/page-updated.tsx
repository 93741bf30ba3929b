import { Suspense } from 'react';
import { LastUpdated } from '@/components/shell/last-updated';
import { pageGate } from '@/lib/backend/page-gate';

async function Stamp({ kind }: { kind: 'integration' | 'view' }) {
  let times: Awaited<ReturnType<Awaited<ReturnType<typeof pageGate>>['dataUpdateTime']>>;
  try {
    times = await (await pageGate()).dataUpdateTime();
  } catch (error) {
    // The top bar simply shows no time: the sections report their own failures.
    console.error(error);
    return null;
  }
  return (
    <LastUpdated
      kind={kind}
      time={kind === 'integration' ? times.integrationUpdateTime : times.viewUpdateTime}
      refreshingAfter={times.refreshingAfter}
    />
  );
}

/**
 * The top bar's 'Last updated': the import time on lists, the figures' refresh time on the
 * dashboard; while an import's rollup job runs, that the figures are being refreshed after it.
 */
export function PageUpdated({ kind }: { kind: 'integration' | 'view' }) {
  return (
    <Suspense fallback={null}>
      <Stamp kind={kind} />
    </Suspense>
  );
}
