import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { APP_TITLE } from '@/lib/constants';
import { LoadingBar } from '@/components/feedback/loading-bar';
import { ToastProvider } from '@/components/feedback/toast';
import { ChunkReloadGuard } from '@/components/feedback/chunk-reload-guard';
import { Telemetry } from '@/components/observability/telemetry';
import './globals.css';

export const metadata: Metadata = {
  title: APP_TITLE,
  description: APP_TITLE,
  icons: { icon: '/logo.svg' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the request's CSP nonce (proxy.ts), which a
  // page prerendered at build time could not.
  await connection();
  return (
    <html lang="en-IN">
      <body>
        <ChunkReloadGuard />
        <Telemetry
          sentryDsn={process.env.SENTRY_DSN}
          posthogKey={process.env.POSTHOG_KEY}
          posthogHost={process.env.POSTHOG_HOST}
        />
        <LoadingBar />
        <ToastProvider>{children}</ToastProvider>
      </body>
    </html>
  );
}
