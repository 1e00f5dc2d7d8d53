/**
 * Issue 26 §1, what opening offline costs, in Chromium against the embedded runtime serving the built app:
 * - offline open: from navigation to the story list shown with the network off (the service worker's shell, the
 *   list from IndexedDB), beside the same open online; then a kept chapter opened offline, its text shown;
 * - the autosave queue's write per keystroke: IndexedDB (the queue's store now: one put per keystroke, the page's
 *   own time and the time until the write is stored) beside localStorage (its store before: one synchronous
 *   setItem of the same entry).
 *
 *   npm run build:web && npx tsx bench/offline.bench.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import type { Story } from '../shared/schemas/story';
import { signIn, startTestRuntime } from '../test/helpers/embedded-runtime';
import { multipartForm } from '../test/helpers/images';
import { paragraphChunk } from './paragraph-chunk';
import { median, printFigure } from './support/figures';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.resolve(process.env.WEB_ROOT ?? path.join(repositoryRoot, 'web', 'dist'));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const OPEN_RUNS = 5;
/** A 150,000-word chapter's paragraphs, as the editor bench builds it. */
const NOVEL_CHAPTER_PARAGRAPHS = 4_839;
const KEYSTROKES = 300;
const PARAGRAPHS = 200;
const TITLE = 'The Lantern Road';
const PARAGRAPH_TEXT =
  'The lamps swung as the night train ran on through the hills, and Mira counted the stations she would not see again.';

/** Milliseconds from navigation until `shown` resolves, median of `OPEN_RUNS`. */
async function openTime(page: Page, url: string, shown: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < OPEN_RUNS; run += 1) {
    const started = performance.now();
    await page.goto(url);
    await shown();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Per keystroke, in the page: IndexedDB put (page time, until stored) and localStorage setItem of one op. */
function queueWrites(page: Page, entry: string) {
  return page.evaluate(
    async ({ keystrokes, entry: op }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open('queue-write-bench', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('ops');
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      let pageMs = 0;
      let storedMs = 0;
      for (let index = 0; index < keystrokes; index += 1) {
        const value = JSON.parse(op) as Record<string, unknown>;
        value.chunk = `${String(value.chunk)}${index}`;
        const started = performance.now();
        const transaction = database.transaction('ops', 'readwrite');
        transaction.objectStore('ops').put(value, 'block|a');
        pageMs += performance.now() - started;
        await new Promise((resolve) => (transaction.oncomplete = resolve));
        storedMs += performance.now() - started;
      }
      database.close();
      let localStorageMs = 0;
      for (let index = 0; index < keystrokes; index += 1) {
        const value = JSON.parse(op) as Record<string, unknown>;
        value.chunk = `${String(value.chunk)}${index}`;
        const started = performance.now();
        localStorage.setItem('queue-write-bench|block|a', JSON.stringify(value));
        localStorageMs += performance.now() - started;
      }
      localStorage.removeItem('queue-write-bench|block|a');
      return {
        indexedDbPageMs: pageMs / keystrokes,
        indexedDbStoredMs: storedMs / keystrokes,
        localStorageMs: localStorageMs / keystrokes,
      };
    },
    { keystrokes: KEYSTROKES, entry },
  );
}

/**
 * What keeping a chapter costs, as `web/src/lib/offline/kept-reads.ts` stores it: when it is read (the paragraphs
 * in one record, and the order) and after a save (the changed paragraph in a record of its own, and the order),
 * the page's time and the time until stored, median of 5.
 */
function chapterKeeping(page: Page, chunk: string) {
  return page.evaluate(
    async ({ paragraphs, chunk: paragraph }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open('chapter-keeping-bench', 1);
        opening.onupgradeneeded = () => {
          opening.result.createObjectStore('chapters');
          opening.result.createObjectStore('chapterReads');
          opening.result.createObjectStore('paragraphs');
        };
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const order = Array.from({ length: paragraphs }, (_, index) => `p-${index}`);
      const timings = {
        readPage: [] as number[],
        readStored: [] as number[],
        savePage: [] as number[],
        saveStored: [] as number[],
      };
      for (let run = 0; run < 5; run += 1) {
        // Through JSON, as the app's chunks arrive: flat strings, not the ropes a template literal makes.
        const blocks = JSON.parse(
          JSON.stringify(order.map((keyId) => ({ keyId, chunk: `${paragraph}${run}`, revision: 1 }))),
        ) as { keyId: string; chunk: string; revision: number }[];
        let started = performance.now();
        let transaction = database.transaction(['chapters', 'chapterReads', 'paragraphs'], 'readwrite');
        transaction.objectStore('paragraphs').delete(IDBKeyRange.bound('c|', 'c|\uffff'));
        transaction.objectStore('chapterReads').put({ blocks }, 'c');
        transaction.objectStore('chapters').put({ order, stamp: 'stamp' }, 'c');
        timings.readPage.push(performance.now() - started);
        await new Promise((resolve) => (transaction.oncomplete = resolve));
        timings.readStored.push(performance.now() - started);
        started = performance.now();
        transaction = database.transaction(['chapters', 'chapterReads', 'paragraphs'], 'readwrite');
        transaction.objectStore('paragraphs').put({ chunk: `${paragraph}saved${run}`, revision: 2 }, 'c|p-0');
        transaction.objectStore('chapters').put({ order, stamp: 'stamp' }, 'c');
        timings.savePage.push(performance.now() - started);
        await new Promise((resolve) => (transaction.oncomplete = resolve));
        timings.saveStored.push(performance.now() - started);
      }
      database.close();
      // Sorted in place rather than by a helper: a named function would not survive the page's evaluate.
      for (const values of Object.values(timings)) values.sort((first, second) => first - second);
      return {
        readPageMs: timings.readPage[2]!,
        readStoredMs: timings.readStored[2]!,
        savePageMs: timings.savePage[2]!,
        saveStoredMs: timings.saveStored[2]!,
      };
    },
    { paragraphs: NOVEL_CHAPTER_PARAGRAPHS, chunk },
  );
}

async function main(): Promise<void> {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(`No built web app in ${webRoot}: run \`npm run build:web\` first.`);
  }
  const runtime = await startTestRuntime({ webRoot });
  const browser = await chromium.launch({ executablePath: chromePath });
  try {
    const author = await signIn(runtime, 'offline-bench@example.com', 'Bench');
    const created = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: TITLE, description: 'A story to open offline.' }),
    });
    const story = (await created.json()) as Story;
    const chapterId = story.chapters[0]!.id;
    const blocks = Array.from({ length: PARAGRAPHS }, (_, index) => ({
      key_id: `p-${index}`,
      chunk: paragraphChunk(`p-${index}`, PARAGRAPH_TEXT),
      place: String(index),
    }));
    const saved = await author.sendJson('PUT', `/api/stories/${story.story_id}`, {
      story_id: story.story_id,
      chapter_id: chapterId,
      blocks,
    });
    if (saved.status !== 204) throw new Error(`Saving the chapter answered ${saved.status}`);

    const context = await browser.newContext({ baseURL: runtime.url, serviceWorkers: 'allow' });
    const name = sessionCookieName(runtime.ports.config);
    await context.addCookies([{ name, value: author.cookie(name)!, url: runtime.url }]);
    const page = await context.newPage();
    const listShown = () => page.getByRole('link', { name: TITLE, exact: true }).waitFor();
    const chapterUrl = `/stories/${story.story_id}?chapter=${chapterId}`;
    const chapterShown = () =>
      page
        .getByRole('textbox', { name: 'Chapter text' })
        .locator('p')
        .nth(PARAGRAPHS - 1)
        .waitFor();
    await page.goto('/stories');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.goto(chapterUrl);
    await chapterShown();

    const onlineList = await openTime(page, '/stories', listShown);
    const onlineChapter = await openTime(page, chapterUrl, chapterShown);
    await context.setOffline(true);
    const offlineList = await openTime(page, '/stories', listShown);
    const offlineChapter = await openTime(page, chapterUrl, chapterShown);
    await context.setOffline(false);
    printFigure({
      name: 'offline open: navigation to the story list shown, network off',
      value: offlineList,
      unit: 'ms',
      comparison: `online ${onlineList.toFixed(0)} ms (median of ${OPEN_RUNS})`,
    });
    printFigure({
      name: `offline open: a kept chapter of ${PARAGRAPHS} paragraphs shown, network off`,
      value: offlineChapter,
      unit: 'ms',
      comparison: `online ${onlineChapter.toFixed(0)} ms (median of ${OPEN_RUNS})`,
    });

    const op = JSON.stringify({
      storyId: story.story_id,
      chapterId,
      type: 'save',
      keyId: 'p-0',
      chunk: paragraphChunk('p-0', PARAGRAPH_TEXT),
      place: 0,
      retry: false,
      baseRevision: 1,
      baseChunk: paragraphChunk('p-0', PARAGRAPH_TEXT),
    });
    const writes = await queueWrites(page, op);
    printFigure({
      name: 'autosave queue write per keystroke: IndexedDB, page time',
      value: writes.indexedDbPageMs,
      unit: 'ms',
      comparison: `localStorage setItem ${writes.localStorageMs.toFixed(3)} ms (its store before)`,
    });
    printFigure({
      name: 'autosave queue write per keystroke: IndexedDB, until stored',
      value: writes.indexedDbStoredMs,
      unit: 'ms',
      comparison: `off the page's thread; ${KEYSTROKES} keystrokes of a ${op.length}-character entry`,
    });
    const keeping = await chapterKeeping(page, paragraphChunk('p-0', PARAGRAPH_TEXT));
    printFigure({
      name: `keeping a 150k-word chapter (${NOVEL_CHAPTER_PARAGRAPHS} paragraphs) after a save: page time`,
      value: keeping.savePageMs,
      unit: 'ms',
      comparison: `until stored ${keeping.saveStoredMs.toFixed(1)} ms; when read (one record): page ${keeping.readPageMs.toFixed(0)} ms, stored ${keeping.readStoredMs.toFixed(0)} ms (medians of 5)`,
    });
    await context.close();
  } finally {
    await browser.close();
    await runtime.close();
  }
}

await main();
