import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder; bundling it breaks those paths.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  // The end-to-end suite builds into its own folder so that it never clobbers a running server's build.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
};

export default nextConfig;
