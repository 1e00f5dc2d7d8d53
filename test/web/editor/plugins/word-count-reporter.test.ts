import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createWordCountReporter,
  WORD_COUNT_PAUSE_MS,
} from '../../../../web/src/editor/plugins/word-count-plugin/word-count-reporter';

describe('createWordCountReporter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reports the loaded chapter's count at once", () => {
    // Arrange
    const report = vi.fn();
    const reporter = createWordCountReporter(report);

    // Act
    reporter.update(100_000);

    // Assert
    expect(report).toHaveBeenCalledExactlyOnceWith(100_000);
  });

  it('holds the counts of typing back until the author pauses, then reports only the latest', () => {
    // Arrange
    const report = vi.fn();
    const reporter = createWordCountReporter(report);
    reporter.update(10);

    // Act
    for (const words of [11, 12, 13]) {
      reporter.update(words);
      vi.advanceTimersByTime(WORD_COUNT_PAUSE_MS - 1);
    }

    // Assert
    expect(report.mock.calls).toEqual([[10]]);
    vi.advanceTimersByTime(1);
    expect(report.mock.calls).toEqual([[10], [13]]);
  });

  it('reports a count still held back when flushed, and nothing more afterwards', () => {
    // Arrange
    const report = vi.fn();
    const reporter = createWordCountReporter(report);
    reporter.update(10);
    reporter.update(11);

    // Act
    reporter.flush();
    vi.runAllTimers();
    reporter.flush();

    // Assert
    expect(report.mock.calls).toEqual([[10], [11]]);
  });
});
