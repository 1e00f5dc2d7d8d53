import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest tests the summary names. */
const SHOWN = 10;

/** Prints the slowest browser tests when the run ends, so whoever looks at a run's time sees where it went. */
export default class SlowestTestsReporter implements Reporter {
  private readonly durations: { name: string; duration: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const file = test.location.file.split('/e2e/').pop();
    this.durations.push({ name: `[${project}] ${file} › ${test.title}`, duration: result.duration });
  }

  onEnd(): void {
    const slowest = [...this.durations].sort((left, right) => right.duration - left.duration).slice(0, SHOWN);
    if (slowest.length === 0) return;
    console.log(`\nSlowest ${slowest.length} browser tests:`);
    for (const { name, duration } of slowest) {
      console.log(`  ${`${(duration / 1000).toFixed(1)} s`.padStart(8)}  ${name}`);
    }
  }
}
