import type { NextConfig } from 'next';

const dev = process.env.NODE_ENV !== 'production';

/**
 * Pages get a per-request nonce policy from proxy.ts (lib/domain/content-security.ts). API answers
 * are JSON or files, never documents to run: they may load and embed nothing.
 */
const apiCsp = "default-src 'none'; frame-ancestors 'none'";

/** HTTPS only for a year once a browser has seen the site over HTTPS (browsers ignore it over http). */
const hsts = dev ? [] : [{ key: 'Strict-Transport-Security', value: 'max-age=31536000' }];

const securityHeaders = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ...hsts,
];

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder; bundling it breaks those paths.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  // The end-to-end suite builds into its own folder so that it never clobbers a running server's build.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: apiCsp }] },
    ];
  },
};

export default nextConfig;
