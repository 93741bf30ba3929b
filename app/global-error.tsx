'use client';

import { useEffect } from 'react';
import { reportBrowserError } from '@/components/observability/telemetry';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => reportBrowserError(error), [error]);
  return (
    <html lang="en-IN">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem' }}>
        <p style={{ fontSize: 48, color: '#94a3b8', margin: 0 }}>500</p>
        <h1 style={{ fontSize: 20 }}>{error.digest ? 'Something went wrong on our side' : error.message}</h1>
        {/* A plain link: the root layout failed, so a full load is what recovers. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">Let&apos;s go Home</a>
      </body>
    </html>
  );
}
