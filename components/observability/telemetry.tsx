'use client';

import { useEffect } from 'react';
import { analyticsAllowedOn } from '@/lib/domain/analytics-host';

let started = false;

/**
 * Browser-side error reporting (Sentry) and product analytics (PostHog), each only when its key is
 * configured; the keys come from the server at run time. PostHog stays off on localhost and demo
 * hosts and sends one 'init' event when it starts. The SDKs are loaded only when needed.
 */
export function Telemetry({
  sentryDsn,
  posthogKey,
  posthogHost,
}: {
  sentryDsn?: string;
  posthogKey?: string;
  posthogHost?: string;
}) {
  useEffect(() => {
    if (started) return;
    started = true;
    if (sentryDsn) {
      void import('@sentry/nextjs').then((Sentry) => {
        Sentry.init({ dsn: sentryDsn, tracesSampleRate: 0, sendDefaultPii: false });
        (window as { __sentryReady?: boolean }).__sentryReady = true;
      });
    }
    if (posthogKey && analyticsAllowedOn(window.location.hostname)) {
      void import('posthog-js').then(({ default: posthog }) => {
        posthog.init(posthogKey, {
          api_host: posthogHost ?? 'https://us.i.posthog.com',
          person_profiles: 'identified_only',
          autocapture: false,
        });
        posthog.capture('init');
      });
    }
  }, [sentryDsn, posthogKey, posthogHost]);
  return null;
}

/** For error boundaries: sends a caught render error to Sentry when it is running in this page. */
export function reportBrowserError(error: unknown): void {
  if (!(window as { __sentryReady?: boolean }).__sentryReady) return;
  void import('@sentry/nextjs').then((Sentry) => Sentry.captureException(error));
}
