import type { Instrumentation } from 'next';

/**
 * Next calls register() once per server start: Sentry (only when SENTRY_DSN is set), the rollup
 * jobs left unfinished by a stopped server, and the new-day rollups; a warning when APP_URL is unset.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.SENTRY_DSN) (await import('./lib/server/observability/sentry-server')).initServerSentry();
  // Said again at the server's own start: `next start` may run without db:setup before it.
  const warning = (await import('./lib/server/config/app-url')).appUrlWarning();
  if (warning) console.warn(`Warning: ${warning}`);
  const background = await import('./lib/server/receivables/new-day-rollups');
  background.resumeRollupJobsAtStart();
  background.startNewDayRollups();
}

/** Errors of pages, server actions and route handlers Next itself catches go to the one reporter. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportError } = await import('./lib/server/observability/report-error');
  reportError(error, {
    where: 'onRequestError',
    method: request.method,
    path: request.path.split('?')[0],
    routePath: context.routePath,
    routeType: context.routeType,
  });
};
