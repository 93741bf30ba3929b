import 'server-only';

/** The single place request errors go: the console now; Sentry once SENTRY_DSN wiring lands. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[request-error]', context ?? {}, error);
}
