import * as Sentry from '@sentry/nextjs';

/** Server-side Sentry, only with SENTRY_DSN: errors only (no tracing), tagged with the environment. */
export function initServerSentry(): void {
  const dsn = process.env.SENTRY_DSN;
  if (!dsn) return;
  Sentry.init({
    dsn,
    environment: process.env.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV,
    tracesSampleRate: 0,
    // Request bodies and cookies may carry passwords and session tokens.
    sendDefaultPii: false,
  });
}
