import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest tests and files the summary names. */
const SHOWN = 10;

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

/**
 * Prints the slowest tests and the slowest files when a run ends, so whoever looks at a run's time sees where it
 * went. Files are listed too: what a file does in `beforeAll` (starting a runtime, synthesizing the CDK app) is
 * part of no test's duration but of the file's.
 */
export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests = testModules.flatMap((testModule) =>
      [...testModule.children.allTests()].map((test) => ({
        name: `${testModule.relativeModuleId} › ${test.fullName}`,
        duration: test.diagnostic()?.duration ?? 0,
      })),
    );
    const files = testModules.map((testModule) => ({
      name: testModule.relativeModuleId,
      duration: testModule.diagnostic().duration,
    }));
    printSlowest('tests', tests);
    printSlowest('files', files);
  }
}

function printSlowest(kind: string, entries: { name: string; duration: number }[]): void {
  const slowest = [...entries].sort((left, right) => right.duration - left.duration).slice(0, SHOWN);
  if (slowest.length === 0) return;
  console.log(`\nSlowest ${slowest.length} ${kind}:`);
  for (const { name, duration } of slowest) console.log(`  ${seconds(duration).padStart(8)}  ${name}`);
}
