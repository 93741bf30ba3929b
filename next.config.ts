import type { NextConfig } from 'next';
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './lib/server/http/security-headers';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder; bundling it breaks those paths.
  // pdfkit reads its fonts' metrics from its own folder at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pdfkit'],
  poweredByHeader: false,
  // forbidden() from next/navigation: the unauthorized page and pageGate answer HTTP 403, not 200.
  experimental: { authInterrupts: true },
  // The end-to-end suite builds into its own folder so that it never clobbers a running server's build.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
