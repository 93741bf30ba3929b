import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder; bundling it breaks those paths.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
};

export default nextConfig;
