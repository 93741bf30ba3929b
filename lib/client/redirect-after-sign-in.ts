import { UNAUTHORIZED_PATH } from '@/lib/domain/route-permissions';

/** Where to return after the next sign-in: saved on the first 401 only (spec section 4). */
const COOKIE = 'rd_return_to';

export function saveReturnPath(path: string): void {
  // "No access" is no page to come back to, least of all for whoever signs in next: they land at home.
  if (path.startsWith(UNAUTHORIZED_PATH)) return;
  if (document.cookie.split('; ').some((c) => c.startsWith(`${COOKIE}=`))) return;
  document.cookie = `${COOKIE}=${encodeURIComponent(path)}; path=/; max-age=3600; samesite=lax`;
}

export function takeReturnPath(): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  document.cookie = `${COOKIE}=; path=/; max-age=0`;
  return entry ? decodeURIComponent(entry.slice(COOKIE.length + 1)) : null;
}
