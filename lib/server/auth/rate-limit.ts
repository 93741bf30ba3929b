import 'server-only';
import { rateLimited } from '@/lib/server/domain-errors';

/**
 * Sliding-window rate limits kept in this process. One app instance is the deployment this
 * project targets; several instances behind a load balancer would each count separately, so a
 * shared store (Redis sorted sets: ZADD now, ZREMRANGEBYSCORE old, ZCARD) would replace the Map
 * below. The persistent per-account lockout (users.failed_attempts) holds across instances anyway.
 */
const hits = new Map<string, number[]>();

export interface Limit {
  /** How many attempts the window allows. */
  max: number;
  windowMs: number;
}

export const LIMITS = {
  // Generous per address: a whole office may sign in from behind one NAT address.
  signInPerIp: { max: 100, windowMs: 10 * 60_000 },
  signInPerAccount: { max: 10, windowMs: 10 * 60_000 },
  recoveryPerIp: { max: 20, windowMs: 15 * 60_000 },
  recoveryPerAccount: { max: 3, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

export const TOO_MANY = 'Too many attempts. Wait a few minutes and try again.';

/** Counts an attempt under each key; throws 429 when any window is full (the attempt is not run). */
export function takeAttempt(keys: [key: string, limit: Limit][], now = Date.now()): void {
  let refused = false;
  for (const [key, limit] of keys) {
    const recent = (hits.get(key) ?? []).filter((t) => t > now - limit.windowMs);
    if (recent.length >= limit.max) refused = true;
    else recent.push(now);
    hits.set(key, recent);
  }
  if (hits.size > 50_000) prune(now);
  if (refused) throw rateLimited(TOO_MANY);
}

/**
 * Gives an attempt back once it succeeded: the windows count failures (guessing), so colleagues
 * behind one address, or one person signing in often, are never held up by their own sign-ins.
 */
export function refundAttempt(keys: [key: string, limit: Limit][]): void {
  for (const [key] of keys) hits.get(key)?.pop();
}

function prune(now: number): void {
  const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
  for (const [key, times] of hits) if (!times.some((t) => t > now - longest)) hits.delete(key);
}

/** For tests: forget every count. */
export function resetRateLimits(): void {
  hits.clear();
}
