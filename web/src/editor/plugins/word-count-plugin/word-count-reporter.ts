/** How long the author pauses before the live word count follows their typing. */
export const WORD_COUNT_PAUSE_MS = 1_000;

export interface WordCountReporter {
  /** The chapter's new count: reported at once the first time (the chapter's load), later once typing pauses. */
  update(words: number): void;
  /** Reports a count still waiting for a pause at once (the editor is going away). */
  flush(): void;
}

/**
 * Passes the editor's word counts on to the workspace without re-rendering anything while the author types.
 * A count changes with nearly every word, and every React commit made while the caret is in the chapter
 * costs time proportional to the chapter (React reads the selection by walking the editor's whole text,
 * about 8 ms per commit in a 100,000-word chapter): so counts are held until the author pauses, and only the
 * latest is reported.
 */
export function createWordCountReporter(
  report: (words: number) => void,
  pauseMs = WORD_COUNT_PAUSE_MS,
): WordCountReporter {
  let reportedOnce = false;
  let waiting: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting === undefined) return;
    const words = waiting;
    waiting = undefined;
    report(words);
  };

  return {
    update(words) {
      waiting = words;
      if (!reportedOnce) {
        reportedOnce = true;
        flush();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(flush, pauseMs);
    },
    flush,
  };
}
