/**
 * Issue 25's story-wide reads on the embedded runtime (DynamoDB Local, the same handlers as in AWS) for a
 * 150,000-word novel: 60 chapters of 50 paragraphs of 50 words, 25 characters, two or three of them named in each
 * paragraph and one of 5 places in every other paragraph (seeded, so every run sees the same text), five of them
 * dead from chapter 10, every chapter dated a day after the one before (every tenth a flashback years earlier),
 * five with a Born and an Age. Targets: p95 ≤ 300 ms for the relationship suggestions, the continuity checks
 * (all four) and the timeline, reading the bible's text cache. Side by side, in the same run, reading every
 * stored paragraph, as a read without the cache would.
 *
 *   npx tsx bench/story-time.bench.ts
 */
import type { Association } from '../shared/schemas/associations';
import { countSharedParagraphs } from '../shared/association-appearances';
import { readStoryText } from '../lambdas/domain/story-bible/story-text';
import { startTestRuntime } from '../test/helpers/embedded-runtime';
import { seededRandom } from '../test/helpers/seeded-random';
import { createBenchNovel, measureSequentially, sendOk } from './support/embedded-api';
import { formatNumber, percentile, printFigure } from './support/figures';

const CHAPTERS = 60;
const PARAGRAPHS_PER_CHAPTER = 50;
const WORDS_PER_PARAGRAPH = 50;
const RUNS = 20;
const TARGET_MS = 300;
const CHARACTERS = Array.from({ length: 25 }, (_, index) => `Hero${String.fromCharCode(65 + index)}${index}`);
const PLACES = Array.from({ length: 5 }, (_, index) => `Town${String.fromCharCode(65 + index)}${index}`);

const random = seededRandom(25);

/** 50 words: filler and two or three characters' names at random places. */
function paragraphText(): string {
  const words = Array.from({ length: WORDS_PER_PARAGRAPH }, (_, index) => `word${index}`);
  const named = 2 + Math.floor(random() * 2);
  for (let name = 0; name < named; name += 1) {
    words[Math.floor(random() * WORDS_PER_PARAGRAPH)] = CHARACTERS[Math.floor(random() * CHARACTERS.length)]!;
  }
  if (random() < 0.5)
    words[Math.floor(random() * WORDS_PER_PARAGRAPH)] = PLACES[Math.floor(random() * PLACES.length)]!;
  return `${words.join(' ')}.`;
}

const runtime = await startTestRuntime();
try {
  const { author, storyId, chapterIds } = await createBenchNovel(
    runtime,
    'relationships-bench@example.com',
    { chapters: CHAPTERS, paragraphsPerChapter: PARAGRAPHS_PER_CHAPTER },
    () => paragraphText(),
  );
  const associations = (await (
    await sendOk(
      author,
      'POST',
      `/api/stories/${storyId}/associations`,
      CHARACTERS.map((name) => ({ association_name: name, association_type: 'character' })),
    )
  ).json()) as Association[];
  await sendOk(
    author,
    'POST',
    `/api/stories/${storyId}/associations`,
    PLACES.map((name) => ({ association_name: name, association_type: 'place' })),
  );
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

  // Five characters dead from chapter 10: every later chapter names them in narration.
  for (const association of associations.slice(0, 5)) {
    await sendOk(author, 'POST', `/api/stories/${storyId}/associations/${association.association_id}/facts`, {
      label: 'Status',
      value: 'dead',
      from_chapter_id: chapterIds[9],
    });
  }
  for (const [index, chapterId] of chapterIds.entries()) {
    const flashback = index % 10 === 5;
    await sendOk(author, 'PUT', `/api/stories/${storyId}/chapters/${chapterId}/time`, {
      start: flashback
        ? { year: 3000, month: 1, day: 1 + (index % 28) }
        : { year: 3019, month: 3 + Math.floor(index / 28), day: 1 + (index % 28) },
      flashback,
    });
  }
  for (const association of associations.slice(5, 10)) {
    for (const [label, value] of [
      ['Born', '2 March 2990'],
      ['Age', '30'],
    ] as const) {
      await sendOk(
        author,
        'POST',
        `/api/stories/${storyId}/associations/${association.association_id}/facts`,
        {
          label,
          value,
          from_chapter_id: chapterIds[20],
        },
      );
    }
  }
  const continuityPath = `/api/stories/${storyId}/continuity`;
  const warnings = (await (await sendOk(author, 'GET', continuityPath)).json()) as { kind: string }[];
  const warningsByKind = new Map<string, number>();
  for (const { kind } of warnings) warningsByKind.set(kind, (warningsByKind.get(kind) ?? 0) + 1);
  const checked: number[] = [];
  const readingEveryParagraph: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    checked.push(...(await measureSequentially(1, () => sendOk(author, 'GET', continuityPath))));
    readingEveryParagraph.push(
      ...(await measureSequentially(1, () => readStoryText(runtime.ports.repositories, storyId))),
    );
  }
  checked.sort((a, b) => a - b);
  readingEveryParagraph.sort((a, b) => a - b);
  const continuityP95 = percentile(checked, 0.95);
  printFigure({
    name: `continuity checks p50 (${[...warningsByKind].map(([kind, count]) => `${count} ${kind}`).join(', ')})`,
    value: percentile(checked, 0.5),
    unit: 'ms',
  });
  printFigure({
    name: 'continuity checks p95',
    value: continuityP95,
    unit: 'ms',
    target: { at: 'most', limit: TARGET_MS },
    comparison: `reading every paragraph alone: p95 ${formatNumber(percentile(readingEveryParagraph, 0.95))} ms`,
  });

  const timelinePath = `/api/stories/${storyId}/timeline`;
  const timelines: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    timelines.push(...(await measureSequentially(1, () => sendOk(author, 'GET', timelinePath))));
  }
  timelines.sort((a, b) => a - b);
  printFigure({ name: 'timeline p50', value: percentile(timelines, 0.5), unit: 'ms' });
  printFigure({
    name: 'timeline p95',
    value: percentile(timelines, 0.95),
    unit: 'ms',
    target: { at: 'most', limit: TARGET_MS },
    comparison: `reading every paragraph alone: p95 ${formatNumber(percentile(readingEveryParagraph, 0.95))} ms`,
  });
} finally {
  await runtime.close();
}
