import { performance } from 'node:perf_hooks';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Story } from '../../shared/schemas/story';
import { grantSubscription, signIn, type TestBrowser } from '../../test/helpers/embedded-runtime';
import { paragraphChunk } from '../paragraph-chunk';

/** Sends a JSON request as the signed-in author and throws on anything but a 2xx, naming the answer. */
export async function sendOk(browser: TestBrowser, method: string, path: string, body?: unknown) {
  const response = await browser.sendJson(method, path, body);
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Runs one request after another and answers their wall times in milliseconds, sorted ascending. */
export async function measureSequentially(
  runs: number,
  run: (index: number) => Promise<unknown>,
): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run(index);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

/**
 * A subscriber's novel on the embedded runtime, built through the API: `chapters` chapters of
 * `paragraphsPerChapter` paragraphs, each paragraph's text from `text(chapter, paragraph)` (both from 0).
 * Subscribed because the benches' stories hold more associations than the free plan's.
 */
export async function createBenchNovel(
  runtime: EmbeddedRuntime,
  email: string,
  { chapters, paragraphsPerChapter }: { chapters: number; paragraphsPerChapter: number },
  text: (chapter: number, paragraph: number) => string,
): Promise<{ author: TestBrowser; storyId: string; chapterIds: string[] }> {
  const author = await signIn(runtime, email, 'Bench');
  await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
  const form = new FormData();
  form.append('title', 'Benchmark novel');
  form.append('description', 'A long novel.');
  const story = (await (await author.fetch('/api/stories', { method: 'POST', body: form })).json()) as Story;
  const storyId = story.story_id;
  const chapterIds = [story.chapters![0]!.id];
  for (let place = 2; place <= chapters; place += 1) {
    const created = await sendOk(author, 'POST', `/api/stories/${storyId}/chapter`, {
      title: `Chapter ${place}`,
      place,
    });
    chapterIds.push(((await created.json()) as Chapter).id);
  }
  await runtime.queue.drain();
  for (const [chapter, chapterId] of chapterIds.entries()) {
    await sendOk(author, 'PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: Array.from({ length: paragraphsPerChapter }, (_, paragraph) => {
        const keyId = `c${chapter}-p${paragraph}`;
        return {
          key_id: keyId,
          chunk: paragraphChunk(keyId, text(chapter, paragraph)),
          place: String(paragraph),
        };
      }),
    });
  }
  return { author, storyId, chapterIds };
}
