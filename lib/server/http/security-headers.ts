// Free of 'server-only': next.config.ts reads these too.

const dev = process.env.NODE_ENV !== 'production';

/**
 * Pages get a per-request nonce policy from proxy.ts (lib/domain/content-security.ts). API answers
 * are JSON or files, never documents to run: they may load and embed nothing.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** HTTPS only for a year once a browser has seen the site over HTTPS (browsers ignore it over http). */
const hsts = dev ? [] : [{ key: 'Strict-Transport-Security', value: 'max-age=31536000' }];

/** On every answer, pages and API alike (next.config.ts). */
export const SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ...hsts,
];
