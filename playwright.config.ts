import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the embedded runtime (`bin/local.ts`) with a fresh data folder, in Debian's Chromium.
 * Browsers are never downloaded. E2E_PORT and E2E_WEB_ROOT let two runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDirectory = path.join(os.tmpdir(), `loreweaver-e2e-${process.pid}`);

const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // Three on the 2-core CI machine: two kept it about half idle (pages waiting on debounces, timers and the
  // network); three cut a run by a quarter with both cores still not full (measured: docs/testing.md).
  workers: 3,
  // Tests, not files, are shared out between the workers: every test signs in an author of its own, and a long
  // file no longer leaves one worker busy at the end while the other waits.
  fullyParallel: true,
  forbidOnly: true,
  reporter: [['list'], ['./e2e/reporters/slowest-tests.ts']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunch,
    trace: 'off',
    // The app's service worker precaches the whole build on first visit: only the offline test needs it
    // (`test.use({ serviceWorkers: 'allow' })`), and every other test is spared that download.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'npx tsx bin/local.ts',
    url: `http://localhost:${port}/`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
