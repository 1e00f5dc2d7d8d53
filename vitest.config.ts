import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Node tests (lambdas, shared, local runtime) and web tests (jsdom) run as
 * two projects; infrastructure tests have their own config because synthesis bundles every Lambda.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/reporters/slowest-tests.ts'],
    // Every core (vitest keeps one free by default): two test files at a time on the 2-core CI machine, not one.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/web/**', 'test/infra/**'],
          setupFiles: ['test/helpers/setup-node.ts'],
          globalSetup: ['test/helpers/shared-dynamodb-local.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/web/helpers/setup-web.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
