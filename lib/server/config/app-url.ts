/**
 * The base of every absolute link the app writes: the links in mails (reminders, tasks, reset,
 * unlock, invitations) and the SSO callback. Mails often go from the daily job, where no request
 * says which host the users reach, so the base is configured (APP_URL) rather than taken from a
 * request; and a reset link built from a request's Host header would let a stranger point it at
 * his own site. Unset, it is this server on localhost and its own PORT, and the start says so.
 */

const DEFAULT_PORT = '3000';

/** The environment read (APP_URL, PORT): process.env unless a test gives its own. */
type Env = Record<string, string | undefined>;

/** APP_URL without a trailing slash, or http://localhost:PORT. */
export function appBaseUrl(env: Env = process.env): string {
  const configured = env.APP_URL?.trim();
  if (configured && URL.canParse(configured)) return new URL(configured).origin;
  return `http://localhost:${env.PORT?.trim() || DEFAULT_PORT}`;
}

/** An absolute link to a path of the app. */
export function appUrl(pathname: string, env: Env = process.env): string {
  return new URL(pathname, appBaseUrl(env)).toString();
}

/** What the start prints when links in mails would not reach the users, or null when APP_URL is set. */
export function appUrlWarning(env: Env = process.env): string | null {
  const configured = env.APP_URL?.trim();
  if (configured && URL.canParse(configured)) return null;
  const base = appBaseUrl(env);
  return configured
    ? `APP_URL "${configured}" is not a URL: links in mails (reminders, tasks, password resets) use ${base}. Set APP_URL to the address your users open, e.g. https://receivables.example.com.`
    : `APP_URL is not set: links in mails (reminders, tasks, password resets) use ${base}, which works only on this machine. Set APP_URL to the address your users open, e.g. https://receivables.example.com.`;
}
