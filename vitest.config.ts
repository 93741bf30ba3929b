import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // The server-only marker throws outside React server bundles; tests run server code directly.
      'server-only': path.resolve(__dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    env: { SESSION_SECRET: 'test-session-secret-that-is-at-least-32-characters' },
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    // A file's beforeAll may seed the demo data into an in-memory PGlite: minutes on a busy machine.
    hookTimeout: 300_000,
  },
});
