import 'server-only';

/**
 * How many reverse proxies in front of the app append to X-Forwarded-For (TRUST_PROXY, default 0).
 * With none, the header is whatever the client wrote and is ignored: a client could otherwise
 * pick a new "address" per request and never meet the per-address sign-in limit.
 */
export function trustedProxyHops(): number {
  const hops = Number(process.env.TRUST_PROXY ?? 0);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/**
 * The client's address as our own proxies saw it: the entry the outermost trusted proxy appended
 * (the Nth from the end for N trusted hops). Without trusted proxies, one shared key: Next does
 * not give route handlers the socket's address.
 */
export function clientAddress(headers: Headers): string {
  const hops = trustedProxyHops();
  if (hops === 0) return 'direct';
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded.at(-hops) ?? forwarded[0] ?? 'direct';
}

/** The scheme the browser used: the trusted proxy's X-Forwarded-Proto, else the request's own. */
export function requestScheme(headers: Headers, fallback: string): string {
  if (trustedProxyHops() > 0) {
    const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') return proto;
  }
  return fallback.replace(/:$/, '');
}
