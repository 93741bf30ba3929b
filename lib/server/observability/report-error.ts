import 'server-only';

/**
 * The single place request errors go: always the console (one JSON line), and Sentry when
 * SENTRY_DSN is set (the SDK is loaded and initialised by instrumentation.ts only then).
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error(
    JSON.stringify({ level: 'error', msg: 'request-error', error: err.message, stack: err.stack, ...context }),
  );
  if (!process.env.SENTRY_DSN) return;
  void import('@sentry/nextjs')
    .then((Sentry) => Sentry.captureException(err, { extra: context }))
    .catch((failure: unknown) => console.error('[sentry] could not report', failure));
}
