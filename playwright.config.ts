import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Two suites may run side by side (E2E_PORT, E2E_DIST_DIR, E2E_DATA_DIR) without sharing a build or a database.
const DIST_DIR = process.env.E2E_DIST_DIR ?? '.next-e2e';
const DATA_ROOT = process.env.E2E_DATA_DIR ?? '.e2e-data';
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };

/**
 * End-to-end tests drive the built app in Debian's Chromium (no browser download here). The server
 * runs on a fresh embedded database in .e2e-data, seeded with the demo data at a smaller scale.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Each demo account signs in once through the form and its browser state is saved (e2e/auth-states.ts);
    // the specs start from those states, and only the tests of signing in use the form.
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: DESKTOP },
    // The provision reads the ageing history of past month ends, which the embedded database rebuilds
    // only at start and in the daily job: it runs before the specs that import into the demo client.
    { name: 'history', dependencies: ['setup'], testMatch: /provision\.spec\.ts$/, use: DESKTOP },
    { name: 'chromium', dependencies: ['setup', 'history'], testIgnore: /provision\.spec\.ts$/, use: DESKTOP },
  ],
  webServer: {
    command: `rm -rf ${DATA_ROOT} && npm run build && npm run db:setup && npm run serve -- -p ${PORT}`,
    url: `http://localhost:${PORT}/`,
    timeout: 600_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    env: {
      DATA_DIR: `${DATA_ROOT}/pglite`,
      SEED_SCALE: process.env.E2E_SEED_SCALE ?? '0.2',
      SESSION_SECRET: 'e2e-session-secret-that-is-at-least-32-characters',
      DATABASE_URL: '',
      NEXT_DIST_DIR: DIST_DIR,
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1000}`,
      APP_URL: `http://localhost:${PORT}`,
      // Company SSO against the local provider of e2e/oidc-provider.ts (started by the global setup).
      OIDC_ISSUER: `http://localhost:${PORT + 2000}`,
      OIDC_CLIENT_ID: 'receivables-e2e',
      OIDC_CLIENT_SECRET: 'e2e-oidc-client-secret-not-for-production',
    },
  },
});
