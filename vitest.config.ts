import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const NOT_NODE_TESTS = ['test/web/**', 'test/infra/**'];

/**
 * Node test files that replace a module with `vi.mock`: a mock only takes where the module is imported afresh,
 * so these run in a fresh module graph each, while every other node test file shares its worker's (importing
 * the AWS SDK, the handlers and their libraries once per worker rather than once per file halves the run).
 */
const moduleMockingTests = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .map((file) => path.posix.join('test', file.split(path.sep).join('/')))
  .filter((file) => file.endsWith('.test.ts') && !/^test\/(web|infra)\//.test(file))
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

const nodeProject = {
  environment: 'node' as const,
  setupFiles: ['test/helpers/setup-node.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Unit and integration tests. Node tests (lambdas, shared, local runtime) and web tests (jsdom) run as
 * separate projects; infrastructure tests have their own config because synthesis bundles every Lambda.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/reporters/slowest-tests.ts'],
    // Every core (vitest keeps one free by default): two test files at a time on the 2-core CI machine, not one.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          ...nodeProject,
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...NOT_NODE_TESTS, ...moduleMockingTests],
          globalSetup: ['test/helpers/shared-dynamodb-local.ts'],
          isolate: false,
        },
      },
      {
        test: {
          ...nodeProject,
          // Mocks stand in for what these files would reach, DynamoDB Local included: none is started for them.
          name: 'node-module-mocks',
          include: moduleMockingTests,
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
