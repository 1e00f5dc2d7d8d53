/**
 * The story bible's story-wide reads on the embedded runtime (DynamoDB Local, the same handlers as in AWS)
 * for a 150,000-word novel: 60 chapters of 50 paragraphs of 50 words, 30 associations, names sprinkled
 * through the text. Appearances of one association, the grid of every association's mentions, and the
 * suggested elements each read every chapter's stored paragraphs, as story search and replace (issue 14 §3)
 * do. Target: p95 ≤ 300 ms.
 *
 *   npx tsx bench/story-bible.bench.ts
 */
import { performance } from 'node:perf_hooks';
import type { Association } from '../shared/schemas/associations';
import type { Chapter } from '../shared/schemas/chapter';
import type { Story } from '../shared/schemas/story';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import {
  grantSubscription,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../test/helpers/embedded-runtime';
import { paragraphChunk } from './paragraph-chunk';

const CHAPTERS = 60;
const PARAGRAPHS_PER_CHAPTER = 50;
const WORDS_PER_PARAGRAPH = 50;
const RUNS = 20;
const CHARACTERS = Array.from(
  { length: 30 },
  (_, index) => `Hero${String.fromCharCode(65 + (index % 26))}${index}`,
);
const PLACES = ['Minas Tirith', 'Rivendell', 'Bree', 'Lothlorien', 'Edoras'];

/** 50 words: filler, two character names and a place, different in each paragraph. */
function paragraphText(chapter: number, paragraph: number): string {
  const words = Array.from({ length: WORDS_PER_PARAGRAPH - 4 }, (_, index) => `word${index}`);
  const seed = chapter * PARAGRAPHS_PER_CHAPTER + paragraph;
  words.splice(5, 0, CHARACTERS[seed % CHARACTERS.length]!);
  words.splice(20, 0, CHARACTERS[(seed * 7) % CHARACTERS.length]!);
  words.splice(30, 0, ...PLACES[seed % PLACES.length]!.split(' '));
  return `${words.join(' ')}.`;
}

async function send(browser: TestBrowser, method: string, path: string, body: unknown) {
  const response = await browser.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function measure(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

function report(label: string, sorted: number[]) {
  console.log(
    `${label.padEnd(52)} p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(
      sorted,
      0.95,
    )
      .toFixed(1)
      .padStart(7)} ms   (${sorted.length} runs)`,
  );
}

async function getOk(browser: TestBrowser, path: string) {
  const response = await browser.fetch(path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

const runtime = await startTestRuntime();
try {
  const author = await signIn(runtime, 'bible-bench@example.com', 'Bench');
  // More than the free plan's 5 associations.
  await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
  const form = new FormData();
  form.append('title', 'Benchmark novel');
  form.append('description', 'A long novel.');
  const story = (await (await author.fetch('/api/stories', { method: 'POST', body: form })).json()) as Story;
  const storyId = story.story_id;
  const chapterIds = [story.chapters![0]!.id];
  for (let place = 2; place <= CHAPTERS; place += 1) {
    const created = await send(author, 'POST', `/api/stories/${storyId}/chapter`, {
      title: `Chapter ${place}`,
      place,
    });
    chapterIds.push(((await created.json()) as Chapter).id);
  }
  await runtime.queue.drain();
  for (const [chapter, chapterId] of chapterIds.entries()) {
    await send(author, 'PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: Array.from({ length: PARAGRAPHS_PER_CHAPTER }, (_, paragraph) => {
        const keyId = `c${chapter}-p${paragraph}`;
        return {
          key_id: keyId,
          chunk: paragraphChunk(keyId, paragraphText(chapter, paragraph)),
          place: String(paragraph),
        };
      }),
    });
  }
  const created = (await (
    await send(
      author,
      'POST',
      `/api/stories/${storyId}/associations`,
      CHARACTERS.slice(0, 25).map((name) => ({ association_name: name, association_type: 'character' })),
    )
  ).json()) as Association[];
  console.log(
    `${CHAPTERS} chapters, ${CHAPTERS * PARAGRAPHS_PER_CHAPTER} paragraphs, ${
      CHAPTERS * PARAGRAPHS_PER_CHAPTER * WORDS_PER_PARAGRAPH
    } words, ${created.length} associations, on DynamoDB Local`,
  );

  const associationId = created[0]!.association_id;
  report(
    'appearances of one association (GET …/appearances)',
    await measure(RUNS, () =>
      getOk(author, `/api/stories/${storyId}/associations/${associationId}/appearances`),
    ),
  );
  report(
    'grid of every association (GET …/associations/mentions)',
    await measure(RUNS, () => getOk(author, `/api/stories/${storyId}/associations/mentions`)),
  );
  report(
    'suggested elements (GET …/associations/suggestions)',
    await measure(RUNS, () => getOk(author, `/api/stories/${storyId}/associations/suggestions`)),
  );
  report(
    'story search, 600 matches (GET …/search?q=Rivendell)',
    await measure(RUNS, () => getOk(author, `/api/stories/${storyId}/search?q=Rivendell&whole_word=true`)),
  );
  // Each run changes 600 paragraphs in 60 chapters, and the next run puts them back.
  let [from, to] = ['Lothlorien', 'Lorien'];
  report(
    'replace across the story, 600 paragraphs in 60 chapters (POST …/replace)',
    await measure(4, async () => {
      await send(author, 'POST', `/api/stories/${storyId}/replace`, {
        find: from,
        replace: to,
        case_sensitive: true,
        whole_word: true,
      });
      [from, to] = [to, from];
    }),
  );
} finally {
  await runtime.close();
}
