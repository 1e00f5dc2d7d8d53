/**
 * Issue 17 figure 1: typing as chapters grow. In Chromium, end to end on the embedded runtime (which serves the
 * built web app): a subscriber's story with 500 associations and one chapter of 1k, 10k, 50k or 150k words in
 * 25-word paragraphs, each paragraph naming one association, so every paragraph holds a highlighted mention.
 *
 * Per size it prints
 * - key to next frame, p50 and p95: from the keydown event to the end of the frame that shows the character
 *   (measured in the page: the keydown's timestamp to a task queued from the next animation frame), typing at
 *   the end of the chapter's middle paragraph. It waits for the next frame, so a frame (16.7 ms at 60 Hz) is
 *   about its ceiling when nothing is slow;
 * - the same measurement, in the same run, on the same text in a plain `contenteditable` (no Lexical, no React,
 *   no highlighting; the editor's font, size and width), and the ratio of the two p95s;
 * - page memory after typing (JS heap and DOM nodes, after a garbage collection), for both pages.
 *
 * Then, for the chapters of 10k words and more, opening them: from navigating to the story until its first
 * paragraphs are shown and until the whole chapter is shown and editable (every mention drawn beside it),
 * cold (an empty browser cache) and warm (the app cached), median of three opens each.
 * EDITOR_BENCH_PARTS=opening (or typing) measures only that part.
 *
 * Needs the built web app in `web/dist` (`npm run build:web` first; EDITOR_BENCH_WEB_ROOT=<dir> serves another
 * build) and Debian's Chromium at /usr/bin/chromium, as the browser tests do. EDITOR_BENCH_PROFILE=<file> also
 * writes a CPU profile (.cpuprofile, for Chrome DevTools) of the keystrokes into the largest chapter, and one of
 * its first measured opening beside it (`<file>.open.cpuprofile`, the `.cpuprofile` suffix replaced). Everything
 * it starts (runtime, DynamoDB Local, browser) is stopped at the end.
 *
 *   npm run build:web && npx tsx bench/editor-typing.bench.ts
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from '@playwright/test';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import type { NewAssociation } from '../shared/schemas/associations';
import type { Story } from '../shared/schemas/story';
import { MAX_ASSOCIATIONS_PER_REQUEST, MAX_BLOCKS_PER_CHAPTER } from '../shared/validation';
import {
  grantSubscription,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../test/helpers/embedded-runtime';
import { paragraphChunk } from './paragraph-chunk';
import { median, percentile, printFigure } from './support/figures';
import { sendOk } from './support/embedded-api';

/** EDITOR_BENCH_WORDS=150000 (comma-separated) measures only those sizes, e.g. while profiling one. */
const SIZES_IN_WORDS = process.env.EDITOR_BENCH_WORDS?.split(',').map(Number) ?? [
  1_000, 10_000, 50_000, 150_000,
];
const WORDS_PER_PARAGRAPH = 25;
const ASSOCIATIONS = 500;
const KEYSTROKES = 150;
const WARM_UP_KEYSTROKES = 20;
const OPENS = 3;
/** EDITOR_BENCH_OPENING_LATENCY_MS=150 opens the chapter with that much network latency per request (loopback has none). */
const OPENING_LATENCY_MS = Number(process.env.EDITOR_BENCH_OPENING_LATENCY_MS ?? 0);
/** Rounds of typing into the editor and into the plain page, alternating which goes first. */
const ROUNDS = Number(process.env.EDITOR_BENCH_ROUNDS ?? 5);
/** Paragraphs per save request while the chapters are written. */
const BATCH = 500;
/** Issue 17's targets. */
const ONE_FRAME_MS = 16.7;
const RATIO_TARGET = 1.15;
const LARGE_CHAPTER_WORDS = 50_000;
const LARGEST_CHAPTER_P95_MS = 33;
const OPEN_TARGET_MS = 1_500;
/** Issue 26 §3: the opening screenful, and the sizes whose opening is measured. */
const FIRST_PARAGRAPHS_TARGET_MS = 1_000;
const OPENING_SIZES_FROM_WORDS = 10_000;
/** EDITOR_BENCH_PARTS=typing,opening picks what is measured (both by default). */
const PARTS = new Set((process.env.EDITOR_BENCH_PARTS ?? 'typing,opening').split(','));

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = process.env.EDITOR_BENCH_WEB_ROOT ?? path.join(repositoryRoot, 'web', 'dist');
const profilePath = process.env.EDITOR_BENCH_PROFILE;
if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.error(`No built web app in ${webRoot}: run \`npm run build:web\` first.`);
  process.exit(1);
}

const VOCABULARY = (
  'the a of and to in was he she it that with as his her for on at by from had they rode walked ' +
  'looked across river hill stone tower night morning light dark cold wind long road silent old ' +
  'quiet city gate field shadow voice heart letter fire water forest castle ship storm'
).split(' ');

// Distinct, pronounceable names: 20 × 25 = 500.
const FIRST = 'Al Bor Cel Dar El Fen Gal Hal Is Jor Kel Lor Mar Nor Or Per Quen Ros Sal Tor'.split(' ');
const SECOND =
  'adan bric cwyn dor eth fyr gund hild ion kar lith mund nor rik wen ast bel cor dun esk fal gorn ith lan morn'.split(
    ' ',
  );
const names = FIRST.flatMap((first) => SECOND.map((second) => first + second)).slice(0, ASSOCIATIONS);

/**
 * How a chapter of `words` words is cut: 25-word paragraphs, longer ones where the chapter would otherwise pass
 * the 5,000 paragraphs a chapter may hold (its created-with empty paragraph counted): 150k words are 4,839
 * paragraphs of 31 words.
 */
function chapterShape(words: number) {
  const wordsPerParagraph = Math.max(WORDS_PER_PARAGRAPH, Math.ceil(words / (MAX_BLOCKS_PER_CHAPTER - 1)));
  return { wordsPerParagraph, paragraphs: Math.ceil(words / wordsPerParagraph) };
}

/** Deterministic text: the same chapter every run. */
function paragraphText(index: number, wordsPerParagraph: number): string {
  const words = Array.from(
    { length: wordsPerParagraph - 1 },
    (_, position) => VOCABULARY[(index * 7 + position * 13 + ((index * position) % 11)) % VOCABULARY.length]!,
  );
  words.splice((index * 5) % words.length, 0, names[index % names.length]!);
  const sentence = words.join(' ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** A story whose first chapter holds `words` words, with every association of the bench. */
async function createStory(author: TestBrowser, words: number): Promise<string> {
  const { paragraphs, wordsPerParagraph } = chapterShape(words);
  const form = new FormData();
  form.append('title', `Typing ${words} words`);
  form.append('description', 'A long chapter.');
  const story = (await (await author.fetch('/api/stories', { method: 'POST', body: form })).json()) as Story;
  const storyId = story.story_id;
  const chapterId = story.chapters![0]!.id;
  for (let start = 0; start < paragraphs; start += BATCH) {
    const blocks = Array.from({ length: Math.min(BATCH, paragraphs - start) }, (_, offset) => {
      const index = start + offset;
      const keyId = `bench-${index}`;
      return {
        key_id: keyId,
        chunk: paragraphChunk(keyId, paragraphText(index, wordsPerParagraph)),
        place: String(index),
      };
    });
    await sendOk(author, 'PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks,
    });
  }
  for (let start = 0; start < names.length; start += MAX_ASSOCIATIONS_PER_REQUEST) {
    const batch: NewAssociation[] = names.slice(start, start + MAX_ASSOCIATIONS_PER_REQUEST).map((name) => ({
      association_name: name,
      association_type: 'character',
      aliases: '',
      case_sensitive: true,
      short_description: `${name}, of the bench.`,
      details: { extended_description: '' },
    }));
    await sendOk(author, 'POST', `/api/stories/${storyId}/associations`, batch);
  }
  return storyId;
}

const EDITOR = '[aria-label="Chapter text"]';
const OPENING = '[aria-label="Chapter opening"]';
/** The opening the page's first script draws before the app has arrived (web/src/boot/). */
const DRAWN_OPENING = '.app-frame-opening';

/**
 * Opens the story's chapter and answers the milliseconds until its first paragraph is shown (the opening the
 * page's first script draws, the app's opening or the editor), until its whole text is shown and editable, and until its last paragraph's mention is drawn (the
 * detection works top first; the count of every mention is checked after).
 */
async function openChapter(page: Page, storyId: string, words: number) {
  const { paragraphs, wordsPerParagraph } = chapterShape(words);
  const started = performance.now();
  // Watched from the response's first bytes: the page's first script draws the opening before the load event.
  await page.goto(`/stories/${storyId}`, { waitUntil: 'commit' });
  await page.waitForFunction(
    ({ selectors, text }) =>
      selectors.some((selector) => {
        const first = document.querySelector(selector)?.firstElementChild;
        return first?.textContent === text && first.checkVisibility({ visibilityProperty: true });
      }),
    { selectors: [DRAWN_OPENING, OPENING, EDITOR], text: paragraphText(0, wordsPerParagraph) },
    { polling: 'raf', timeout: 120_000 },
  );
  const firstShown = performance.now() - started;
  // The chapter keeps the empty paragraph it was created with. Answers the page's clock when the text shows.
  const shownAt = await page.waitForFunction(
    ({ selector, expected }) => {
      const editor = document.querySelector(selector);
      const shown =
        editor !== null &&
        editor.getAttribute('contenteditable') === 'true' &&
        editor.childElementCount === expected &&
        getComputedStyle(editor).visibility === 'visible';
      return shown ? performance.now() : 0;
    },
    { selector: EDITOR, expected: paragraphs + 1 },
    { polling: 'raf', timeout: 120_000 },
  );
  const textShown = performance.now() - started;
  // Where the time went, on the page's clock (from the navigation's start): the chapter's content asked for,
  // its last page received, and the text shown; the browser's share is the last of these steps.
  const { contentAsked, contentReceived, inBrowser } = await shownAt.evaluate((at: number) => {
    const content = performance
      .getEntriesByType('resource')
      .filter(
        (entry) => entry.name.includes('/content?') && !entry.name.includes('limit='),
      ) as PerformanceResourceTiming[];
    const contentReceived = Math.max(...content.map((entry) => entry.responseEnd));
    return {
      contentAsked: Math.min(...content.map((entry) => entry.startTime)),
      contentReceived,
      inBrowser: at - contentReceived,
    };
  });
  await page.waitForFunction(
    (selector) => {
      let last = document.querySelector(selector)!.lastElementChild;
      while (last && last.textContent === '') last = last.previousElementSibling;
      return last?.querySelector('[data-association-id]') != null;
    },
    EDITOR,
    { polling: 'raf', timeout: 120_000 },
  );
  const mentionsShown = performance.now() - started;
  const mentions = await page.evaluate(
    (selector) => document.querySelectorAll(`${selector} [data-association-id]`).length,
    EDITOR,
  );
  if (mentions !== paragraphs) throw new Error(`${mentions} mentions shown, expected ${paragraphs}`);
  return { firstShown, textShown, mentionsShown, contentAsked, contentReceived, inBrowser };
}

/** Runs `work`, writing a CPU profile of the page meanwhile (for Chrome DevTools) when given a file. */
async function profiled<T>(page: Page, file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    await cdp.detach();
  }
}

/** Puts the caret at the end of a paragraph (a click could land on a mention and open its panel). */
async function caretAtEnd(page: Page, paragraph: Locator): Promise<void> {
  await paragraph.scrollIntoViewIfNeeded();
  await paragraph.evaluate((element) => {
    (element.closest('[contenteditable="true"]') as HTMLElement).focus({ preventScroll: true });
    const range = document.createRange();
    range.selectNodeContents(element);
    range.collapse(false);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  // Lexical takes the caret from the next selectionchange.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

const SENTENCE = ' and then the rider turned back toward the hills';
const TYPED = SENTENCE.repeat(Math.ceil((WARM_UP_KEYSTROKES + KEYSTROKES) / SENTENCE.length)).slice(
  0,
  WARM_UP_KEYSTROKES + KEYSTROKES,
);

/** Chrome's counters for a page's renderer (CDP `Performance.getMetrics`), by name; durations in seconds. */
async function rendererMetrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return new Map(metrics.map((metric) => [metric.name, metric.value]));
}

interface TypingMeasurement {
  /** Each keystroke's key-to-next-frame time in milliseconds, sorted (warm-up keystrokes left out). */
  keyToFrame: number[];
  /**
   * CPU time of the page's main thread per keystroke (style, layout, paint, script): unlike wall-clock times, it
   * hardly moves when other processes share the machine's cores.
   */
  cpuPerKeystroke: number;
  /** Of which style and layout, per keystroke (wall clock). */
  styleAndLayoutPerKeystroke: number;
}

/** Types into the paragraph one key at a time, each after the previous one's frame. */
async function typeMeasured(
  page: Page,
  paragraph: Locator,
  profile: string | undefined,
): Promise<TypingMeasurement> {
  await caretAtEnd(page, paragraph);
  const textBefore = await paragraph.textContent();
  await page.evaluate(() => {
    const timings: number[] = [];
    (window as unknown as { keyToFrame: number[] }).keyToFrame = timings;
    window.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => timings.push(performance.now() - started), 0));
      },
      true,
    );
  });
  const typeOne = async (index: number) => {
    await page.keyboard.type(TYPED[index]!);
    await page.waitForFunction(
      (expected) => (window as unknown as { keyToFrame: number[] }).keyToFrame.length >= expected,
      index + 1,
      { polling: 'raf' },
    );
  };
  for (let index = 0; index < WARM_UP_KEYSTROKES; index += 1) await typeOne(index);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await rendererMetrics(cdp);
  await profiled(page, profile, async () => {
    for (let index = WARM_UP_KEYSTROKES; index < TYPED.length; index += 1) await typeOne(index);
  });
  const after = await rendererMetrics(cdp);
  await cdp.detach();
  const perKeystroke = (...names: string[]) =>
    (names.reduce((sum, name) => sum + after.get(name)! - before.get(name)!, 0) * 1000) / KEYSTROKES;

  const typed = await paragraph.textContent();
  if (typed !== textBefore + TYPED)
    throw new Error(`The paragraph reads "${typed}", expected "${textBefore + TYPED}"`);
  const timings = await page.evaluate(() => (window as unknown as { keyToFrame: number[] }).keyToFrame);
  return {
    keyToFrame: timings.slice(WARM_UP_KEYSTROKES).sort((a, b) => a - b),
    cpuPerKeystroke: perKeystroke('ThreadTime'),
    styleAndLayoutPerKeystroke: perKeystroke('RecalcStyleDuration', 'LayoutDuration'),
  };
}

/** The page's JS heap (MB) and DOM node count, after a garbage collection. */
async function pageMemory(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((candidate) => candidate.name === name)?.value ?? 0;
    return { heapMb: metric('JSHeapUsedSize') / 2 ** 20, domNodes: metric('Nodes') };
  } finally {
    await cdp.detach();
  }
}

interface Typography {
  fontFamily: string;
  fontSize: string;
  lineHeight: string;
  width: number;
  paragraphMargin: string;
}

/** The same paragraphs in a bare `contenteditable`, set as the chapter editor sets its text. */
function plainPage(words: number, typography: Typography): string {
  const { paragraphs, wordsPerParagraph } = chapterShape(words);
  const text = Array.from(
    { length: paragraphs },
    (_, index) => `<p>${paragraphText(index, wordsPerParagraph)}</p>`,
  ).join('');
  return `<!doctype html><html><head><style>
    body { margin: 0; }
    [contenteditable] { width: ${typography.width}px; margin: 40px auto; font-family: ${typography.fontFamily};
      font-size: ${typography.fontSize}; line-height: ${typography.lineHeight}; white-space: pre-wrap;
      overflow-wrap: break-word; outline: none; }
    p { margin: 0 0 ${typography.paragraphMargin}; }
  </style></head><body><div contenteditable="true" aria-label="Plain text"><p><br></p>${text}</div></body></html>`;
}

/** The editor's typography, so the plain page sets the same text the same way. */
async function editorTypography(page: Page): Promise<Typography> {
  return page.locator(EDITOR).evaluate((editor): Typography => {
    const style = getComputedStyle(editor);
    const paragraph = getComputedStyle(editor.querySelector('p')!);
    return {
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      lineHeight: style.lineHeight,
      width: editor.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      paragraphMargin: paragraph.marginBottom,
    };
  });
}

interface PageRound extends TypingMeasurement {
  memory: { heapMb: number; domNodes: number };
}

/** Opens the chapter, types into its middle paragraph and closes it once the typing is saved. */
async function editorRound(
  context: BrowserContext,
  storyId: string,
  words: number,
  profile: string | undefined,
): Promise<PageRound & { typography: Typography }> {
  const { paragraphs } = chapterShape(words);
  const page = await context.newPage();
  // Opened once before, so the chapter is read as an author who comes back to it: the app already cached.
  await openChapter(page, storyId, words);
  const middle = page
    .locator(EDITOR)
    .locator(':scope > p')
    .nth(Math.floor(paragraphs / 2) + 1);
  const typing = await typeMeasured(page, middle, profile);
  const memory = await pageMemory(page);
  const typography = await editorTypography(page);
  // Saves still on their way would share the CPU with the next page measured.
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor({ timeout: 60_000 });
  await page.close();
  return { ...typing, memory, typography };
}

async function plainRound(
  context: BrowserContext,
  words: number,
  typography: Typography,
): Promise<PageRound> {
  const page = await context.newPage();
  await page.setContent(plainPage(words, typography));
  const { paragraphs } = chapterShape(words);
  const typing = await typeMeasured(
    page,
    page.locator('[contenteditable] > p').nth(Math.floor(paragraphs / 2) + 1),
    undefined,
  );
  const memory = await pageMemory(page);
  await page.close();
  return { ...typing, memory };
}

/**
 * Measures the editor and the plain page in alternating rounds (editor first, then plain first, …) and
 * answers the median of the rounds' figures: one round's p95 of 150 keystrokes moves by a frame when the
 * machine is busy for a moment, and the alternation spreads such moments over both pages.
 */
async function measureSize(
  context: BrowserContext,
  storyId: string,
  words: number,
  profile: string | undefined,
): Promise<void> {
  // The editor's typography, read from the chapter once opened (which also caches the app).
  const warmUp = await context.newPage();
  await openChapter(warmUp, storyId, words);
  const typography = await editorTypography(warmUp);
  await warmUp.close();

  const rounds: { editor: PageRound; plain: PageRound }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const editorProfile = round === 0 ? profile : undefined;
    if (round % 2 === 0) {
      const editor = await editorRound(context, storyId, words, editorProfile);
      rounds.push({ editor, plain: await plainRound(context, words, typography) });
    } else {
      const plain = await plainRound(context, words, typography);
      rounds.push({ plain, editor: await editorRound(context, storyId, words, editorProfile) });
    }
  }

  const medianOf = (figure: (round: { editor: PageRound; plain: PageRound }) => number) =>
    median(rounds.map(figure));
  const p50 = medianOf(({ editor }) => percentile(editor.keyToFrame, 0.5));
  const p95 = medianOf(({ editor }) => percentile(editor.keyToFrame, 0.95));
  const plainP50 = medianOf(({ plain }) => percentile(plain.keyToFrame, 0.5));
  const plainP95 = medianOf(({ plain }) => percentile(plain.keyToFrame, 0.95));
  const ratios = rounds.map(
    ({ editor, plain }) => percentile(editor.keyToFrame, 0.95) / percentile(plain.keyToFrame, 0.95),
  );
  const cpu = medianOf(({ editor }) => editor.cpuPerKeystroke);
  const plainCpu = medianOf(({ plain }) => plain.cpuPerKeystroke);
  const { memory: editorMemory } = rounds.at(-1)!.editor;
  const { memory: plainMemory } = rounds.at(-1)!.plain;

  const size = `${words.toLocaleString('en')} words`;
  const ofRounds = `median of ${ROUNDS} rounds`;
  printFigure({
    name: `typing, ${size}: key to next frame p50`,
    value: p50,
    unit: 'ms',
    comparison: `plain contenteditable ${plainP50.toFixed(1)} ms, ratio ${(p50 / plainP50).toFixed(2)} (${ofRounds})`,
  });
  printFigure({
    name: `typing, ${size}: key to next frame p95`,
    value: p95,
    unit: 'ms',
    target: { at: 'most', limit: words <= LARGE_CHAPTER_WORDS ? ONE_FRAME_MS : LARGEST_CHAPTER_P95_MS },
    comparison: `plain contenteditable ${plainP95.toFixed(1)} ms (${ofRounds})`,
  });
  printFigure({
    name: `typing, ${size}: p95 ratio to the plain contenteditable`,
    value: median(ratios),
    unit: '×',
    target: { at: 'most', limit: RATIO_TARGET },
    comparison: `${ofRounds}: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}`,
  });
  printFigure({
    name: `typing, ${size}: main-thread CPU per keystroke`,
    value: cpu,
    unit: 'ms',
    comparison:
      `plain contenteditable ${plainCpu.toFixed(1)} ms, ratio ${(cpu / plainCpu).toFixed(2)}; style and layout ` +
      `${medianOf(({ editor }) => editor.styleAndLayoutPerKeystroke).toFixed(1)} ms against ` +
      `${medianOf(({ plain }) => plain.styleAndLayoutPerKeystroke).toFixed(1)} ms`,
  });
  printFigure({
    name: `typing, ${size}: page memory, JS heap`,
    value: editorMemory.heapMb,
    unit: 'MB',
    comparison: `${editorMemory.domNodes.toLocaleString('en')} DOM nodes; plain contenteditable ${plainMemory.heapMb.toFixed(1)} MB, ${plainMemory.domNodes.toLocaleString('en')} DOM nodes`,
  });
}

type Open = Awaited<ReturnType<typeof openChapter>>;

/**
 * Opens the chapter `OPENS` times warm (the app in the browser's cache, from the story list) and `OPENS` times
 * cold (a fresh browser context each time: an empty cache), and prints both openings' figures.
 */
async function measureOpening(
  newContext: () => Promise<BrowserContext>,
  storyId: string,
  words: number,
  profile: string | undefined,
): Promise<void> {
  const withLatency = async (context: BrowserContext) => {
    const page = await context.newPage();
    if (OPENING_LATENCY_MS > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: OPENING_LATENCY_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    return page;
  };
  const cold: Open[] = [];
  for (let run = 0; run < OPENS; run += 1) {
    const context = await newContext();
    cold.push(await openChapter(await withLatency(context), storyId, words));
    await context.close();
  }
  const context = await newContext();
  const page = await withLatency(context);
  // The first open fetches the app; the measured ones find it in the browser's cache.
  await openChapter(page, storyId, words);
  const warm: Open[] = [];
  for (let run = 0; run < OPENS; run += 1) {
    await page.goto('/stories');
    const open = () => openChapter(page, storyId, words);
    warm.push(await (run === 0 ? profiled(page, profile, open) : open()));
  }
  await context.close();
  const size = `${words.toLocaleString('en')}-word chapter${OPENING_LATENCY_MS > 0 ? `, ${OPENING_LATENCY_MS} ms latency` : ''}`;
  for (const [cache, opens] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    const medianOf = (figure: (open: Open) => number) => median(opens.map(figure));
    printFigure({
      name: `open a ${size}, ${cache}: first paragraphs shown`,
      value: medianOf((open) => open.firstShown),
      unit: 'ms',
      target: { at: 'most', limit: FIRST_PARAGRAPHS_TARGET_MS },
      comparison: `median of ${OPENS}`,
    });
    printFigure({
      name: `open a ${size}, ${cache}: whole chapter editable`,
      value: medianOf((open) => open.textShown),
      unit: 'ms',
      target: { at: 'most', limit: OPEN_TARGET_MS },
      comparison:
        `mentions shown ${medianOf((open) => open.mentionsShown).toFixed(0)} ms; on the page's clock the ` +
        `content asked for at ${medianOf((open) => open.contentAsked).toFixed(0)} ms, received by ` +
        `${medianOf((open) => open.contentReceived).toFixed(0)} ms, shown ` +
        `${medianOf((open) => open.inBrowser).toFixed(0)} ms after its last byte (median of ${OPENS})`,
    });
  }
}

const runtime = await startTestRuntime({ webRoot });
let browser: Browser | undefined;
try {
  const author = await signIn(runtime, 'typing-bench@example.com', 'Bench');
  const cookieName = sessionCookieName(runtime.ports.config);
  const sessionId = author.cookie(cookieName)!;
  // Hundreds of associations need a subscription (a free account keeps 5 per story).
  await grantSubscription(runtime, sessionId);
  const stories: [number, string][] = [];
  for (const words of SIZES_IN_WORDS) {
    stories.push([words, await createStory(author, words)]);
  }

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const newContext = async () => {
    const context = await browser!.newContext({
      baseURL: runtime.url,
      viewport: { width: 1280, height: 800 },
    });
    await context.addCookies([{ name: cookieName, value: sessionId, url: runtime.url }]);
    return context;
  };
  const largest = Math.max(...SIZES_IN_WORDS);
  if (PARTS.has('typing')) {
    console.log(
      `Typing at the end of the middle paragraph; ${ASSOCIATIONS} associations, one named in each paragraph; ` +
        `${KEYSTROKES} keystrokes per page`,
    );
    const context = await newContext();
    for (const [words, storyId] of stories) {
      await measureSize(context, storyId, words, words === largest ? profilePath : undefined);
    }
    await context.close();
  }
  if (PARTS.has('opening')) {
    for (const [words, storyId] of stories.filter(([size]) => size >= OPENING_SIZES_FROM_WORDS)) {
      await measureOpening(
        newContext,
        storyId,
        words,
        words === largest
          ? profilePath && profilePath.replace(/(\.cpuprofile)?$/, '.open.cpuprofile')
          : undefined,
      );
    }
  }
  if (profilePath) {
    console.log(
      `CPU profiles of the keystrokes into and of opening the ${largest}-word chapter: ${profilePath}, *.open.cpuprofile`,
    );
  }
} finally {
  await browser?.close();
  await runtime.close();
}
