import { defineConfig } from 'vitest/config';

/** Infrastructure tests: offline `cdk synth` and template assertions. Slow (bundles every Lambda), so separate. */
export default defineConfig({
  test: {
    reporters: ['default', './test/reporters/slowest-tests.ts'],
    name: 'infra',
    environment: 'node',
    include: ['test/infra/**/*.test.ts'],
    globalSetup: ['test/infra/temporary-directory.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
