/**
 * What an author's writing costs the API, measured on the embedded runtime (DynamoDB Local, the same
 * handlers as in AWS) with a 2,000-paragraph chapter (about 100,000 words):
 * saving one paragraph (the autosave's common case), moving one paragraph, and loading the chapter.
 *
 *   npx tsx bench/api.bench.ts
 */
import { performance } from 'node:perf_hooks';
import type { ChapterContent } from '../shared/schemas/block';
import type { Story } from '../shared/schemas/story';
import { paragraphChunk } from './paragraph-chunk';
import { signIn, startTestRuntime, type TestBrowser } from '../test/helpers/embedded-runtime';

const PARAGRAPHS = 2_000;
const WORDS_PER_PARAGRAPH = 50;
const SAVE_RUNS = 200;
const MOVE_RUNS = 50;
const LOAD_RUNS = 20;
const BATCH = 500;

const paragraph = (keyId: string, words: number): string =>
  paragraphChunk(keyId, Array.from({ length: words }, (_, index) => `word${index}`).join(' '));

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

async function measure(runs: number, run: (index: number) => Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run(index);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

function report(label: string, sorted: number[]) {
  console.log(
    `${label.padEnd(44)} p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(
      sorted,
      0.95,
    )
      .toFixed(1)
      .padStart(7)} ms   (${sorted.length} runs)`,
  );
}

const runtime = await startTestRuntime();
try {
  const author = await signIn(runtime, 'bench@example.com', 'Bench');
  const form = new FormData();
  form.append('title', 'Benchmark');
  form.append('description', 'A long chapter.');
  const created = await author.fetch('/api/stories', { method: 'POST', body: form });
  const story = (await created.json()) as Story;
  const storyId = story.story_id;
  const chapterId = story.chapters![0]!.id;

  const keyIds = Array.from({ length: PARAGRAPHS }, (_, index) => `bench-${index}`);
  for (let start = 0; start < PARAGRAPHS; start += BATCH) {
    await send(author, 'PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: keyIds.slice(start, start + BATCH).map((keyId, offset) => ({
        key_id: keyId,
        chunk: paragraph(keyId, WORDS_PER_PARAGRAPH),
        place: String(start + offset),
      })),
    });
  }
  console.log(
    `Chapter of ${PARAGRAPHS} paragraphs, ${PARAGRAPHS * WORDS_PER_PARAGRAPH} words, on DynamoDB Local`,
  );

  report(
    'save one changed paragraph (PUT /api/stories/{id})',
    await measure(SAVE_RUNS, (index) =>
      send(author, 'PUT', `/api/stories/${storyId}`, {
        story_id: storyId,
        chapter_id: chapterId,
        blocks: [{ key_id: keyIds[index % PARAGRAPHS]!, chunk: paragraph(keyIds[index % PARAGRAPHS]!, 60) }],
      }),
    ),
  );
  report(
    'move one paragraph (PUT …/orderMap)',
    await measure(MOVE_RUNS, (index) =>
      send(author, 'PUT', `/api/stories/${storyId}/orderMap`, {
        chapter_id: chapterId,
        blocks: [{ key_id: keyIds[index]!, place: String(PARAGRAPHS - 1) }],
      }),
    ),
  );
  report(
    `load the chapter (GET …/content, ${PARAGRAPHS} paragraphs)`,
    await measure(LOAD_RUNS, async () => {
      const response = await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
      const { items } = (await response.json()) as ChapterContent;
      // The chapter keeps the empty paragraph it was created with, ahead of the benchmark's.
      const expected = PARAGRAPHS + 1;
      if (items.length !== expected) throw new Error(`expected ${expected} paragraphs, got ${items.length}`);
    }),
  );
} finally {
  await runtime.close();
}
