/**
 * Relationship suggestions (issue 25 §3) on the embedded runtime (DynamoDB Local, the same handlers as in AWS)
 * for a 150,000-word novel: 60 chapters of 50 paragraphs of 50 words, 25 characters, two or three of them named
 * in each paragraph (seeded, so every run sees the same text). Target: p95 ≤ 300 ms, reading the bible's text
 * cache. Side by side, in the same run, the same answer computed in process from every stored paragraph, as a
 * read without the cache would.
 *
 *   npx tsx bench/relationships.bench.ts
 */
import type { Association } from '../shared/schemas/associations';
import type { Chapter } from '../shared/schemas/chapter';
import type { Story } from '../shared/schemas/story';
import { countSharedParagraphs } from '../shared/association-appearances';
import { readStoryText } from '../lambdas/domain/story-bible/story-text';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import { grantSubscription, signIn, startTestRuntime } from '../test/helpers/embedded-runtime';
import { seededRandom } from '../test/helpers/seeded-random';
import { paragraphChunk } from './paragraph-chunk';
import { measureSequentially, sendOk } from './support/embedded-api';
import { formatNumber, percentile, printFigure } from './support/figures';

const CHAPTERS = 60;
const PARAGRAPHS_PER_CHAPTER = 50;
const WORDS_PER_PARAGRAPH = 50;
const RUNS = 20;
const TARGET_MS = 300;
const CHARACTERS = Array.from({ length: 25 }, (_, index) => `Hero${String.fromCharCode(65 + index)}${index}`);

const random = seededRandom(25);

/** 50 words: filler and two or three characters' names at random places. */
function paragraphText(): string {
  const words = Array.from({ length: WORDS_PER_PARAGRAPH }, (_, index) => `word${index}`);
  const named = 2 + Math.floor(random() * 2);
  for (let name = 0; name < named; name += 1) {
    words[Math.floor(random() * WORDS_PER_PARAGRAPH)] = CHARACTERS[Math.floor(random() * CHARACTERS.length)]!;
  }
  return `${words.join(' ')}.`;
}

const runtime = await startTestRuntime();
try {
  const author = await signIn(runtime, 'relationships-bench@example.com', 'Bench');
  // The relationship map is premium, and 25 associations are more than the free plan's.
  await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
  const form = new FormData();
  form.append('title', 'Benchmark novel');
  form.append('description', 'A long novel.');
  const story = (await (await author.fetch('/api/stories', { method: 'POST', body: form })).json()) as Story;
  const storyId = story.story_id;
  const chapterIds = [story.chapters![0]!.id];
  for (let place = 2; place <= CHAPTERS; place += 1) {
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
      blocks: Array.from({ length: PARAGRAPHS_PER_CHAPTER }, (_, paragraph) => {
        const keyId = `c${chapter}-p${paragraph}`;
        return { key_id: keyId, chunk: paragraphChunk(keyId, paragraphText()), place: String(paragraph) };
      }),
    });
  }
  const associations = (await (
    await sendOk(
      author,
      'POST',
      `/api/stories/${storyId}/associations`,
      CHARACTERS.map((name) => ({ association_name: name, association_type: 'character' })),
    )
  ).json()) as Association[];
  console.log(
    `${CHAPTERS} chapters, ${CHAPTERS * PARAGRAPHS_PER_CHAPTER} paragraphs, ${
      CHAPTERS * PARAGRAPHS_PER_CHAPTER * WORDS_PER_PARAGRAPH
    } words, ${associations.length} characters, on DynamoDB Local`,
  );

  const path = `/api/stories/${storyId}/relationships/suggestions`;
  const [firstCall] = await measureSequentially(1, () => sendOk(author, 'GET', path));
  printFigure({
    name: 'suggestions, first call (every chapter read and cached)',
    value: firstCall!,
    unit: 'ms',
  });

  const characterIds = new Set(associations.map((association) => association.association_id));
  // Interleaved, so both ways see the same load on a shared machine.
  const served: number[] = [];
  const fromParagraphs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    served.push(...(await measureSequentially(1, () => sendOk(author, 'GET', path))));
    fromParagraphs.push(
      ...(await measureSequentially(1, async () =>
        countSharedParagraphs(
          await readStoryText(runtime.ports.repositories, storyId),
          associations,
          characterIds,
        ),
      )),
    );
  }
  served.sort((a, b) => a - b);
  fromParagraphs.sort((a, b) => a - b);
  const p95 = percentile(served, 0.95);
  printFigure({ name: 'relationship suggestions p50', value: percentile(served, 0.5), unit: 'ms' });
  printFigure({
    name: 'relationship suggestions p95',
    value: p95,
    unit: 'ms',
    target: { at: 'most', limit: TARGET_MS },
    comparison: `from every paragraph: p95 ${formatNumber(percentile(fromParagraphs, 0.95))} ms (${formatNumber(
      percentile(fromParagraphs, 0.95) / p95,
    )}×)`,
  });
} finally {
  await runtime.close();
}
