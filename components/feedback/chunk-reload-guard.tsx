'use client';

import { useEffect } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '@/lib/constants';

const KEY = 'rd:last-chunk-reload';

function isChunkError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? '');
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module/i.test(text);
}

/** After a deploy, old pages fail to load new code chunks: reload once, at most every 60 s. */
export function ChunkReloadGuard() {
  useEffect(() => {
    const handle = (reason: unknown) => {
      if (!isChunkError(reason)) return;
      const last = Number(sessionStorage.getItem(KEY) ?? 0);
      if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
      sessionStorage.setItem(KEY, String(Date.now()));
      window.location.reload();
    };
    const onError = (event: ErrorEvent) => handle(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
