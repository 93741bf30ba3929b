import type { Instrumentation } from 'next';

/** Next calls register() once per server start: Sentry is set up only when SENTRY_DSN is set. */
export async function register() {
  if (process.env.SENTRY_DSN && process.env.NEXT_RUNTIME === 'nodejs') {
    (await import('./lib/server/observability/sentry-server')).initServerSentry();
  }
}

/** Errors of pages, server actions and route handlers Next itself catches go to the one reporter. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportError } = await import('./lib/server/observability/report-error');
  reportError(error, { where: 'onRequestError', method: request.method, path: request.path.split('?')[0], routePath: context.routePath, routeType: context.routeType });
};
