import type { NextConfig } from 'next';

const dev = process.env.NODE_ENV !== 'production';

/**
 * Content-Security-Policy. Next streams its hydration data in inline <script> tags, so scripts
 * need 'unsafe-inline' (a per-request nonce from proxy.ts would remove it, at the cost of making
 * every page dynamic); the development server also needs 'unsafe-eval'. Inline styles are used by
 * the charts (nivo) and Headless UI. Everything else is same-origin only, and no site may frame us.
 */
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: csp },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder; bundling it breaks those paths.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  // The end-to-end suite builds into its own folder so that it never clobbers a running server's build.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
