/**
 * The story-wide reads on the embedded runtime (DynamoDB Local, the same handlers as in AWS) for a
 * 150,000-word novel: 60 chapters of 50 paragraphs of 50 words, 25 associations, names sprinkled through the
 * text. Appearances of one association, the grid of every association's mentions, the suggested elements and
 * story search (issue 13 and 14 §3) read each chapter's cached text; replace reads the chapters it changes.
 * Targets (issue 13, issue 17 §5): p95 ≤ 300 ms for the reads; a replace of the whole story within the route
 * Lambda's 10 s. Side by side, in the same run, the same answers computed in process (without HTTP, so these
 * are if anything understated): from the table's cached text items, as a process that holds none of them in
 * memory yet reads them, and from every stored paragraph, as every call did before the text cache.
 *
 *   npx tsx bench/story-bible.bench.ts
 */
import type { Association } from '../shared/schemas/associations';
import { findAppearances, tallyMentions } from '../shared/association-appearances';
import { suggestElements } from '../shared/element-suggestions';
import { findInParagraphs } from '../shared/text-replacement';
import { createDynamoDbRepositories } from '../lambdas/adapters/dynamodb/repositories';
import { readSearchableStoryText, readStoryText } from '../lambdas/domain/story-bible/story-text';
import type { ChapterText } from '../shared/paragraph-text';
import { startTestRuntime } from '../test/helpers/embedded-runtime';
import { paragraphChunk } from './paragraph-chunk';
import { createBenchNovel, measureSequentially, sendOk } from './support/embedded-api';
import { formatNumber, percentile, printFigure } from './support/figures';

const CHAPTERS = 60;
const PARAGRAPHS_PER_CHAPTER = 50;
const WORDS_PER_PARAGRAPH = 50;
const RUNS = 20;
const REPLACE_RUNS = 4;
const READ_TARGET_MS = 300;
/** The route Lambda's timeout: a replace must finish within it. */
const REPLACE_TARGET_MS = 10_000;
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

const blocksOf = (chapter: number, text: (paragraph: number) => string) =>
  Array.from({ length: PARAGRAPHS_PER_CHAPTER }, (_, paragraph) => {
    const keyId = `c${chapter}-p${paragraph}`;
    return { key_id: keyId, chunk: paragraphChunk(keyId, text(paragraph)), place: String(paragraph) };
  });

/** The same answer's p95 computed another way, and how many times the measured p95 it is. */
const sideBySide = (label: string, p95: number, other: number[]) =>
  `${label}: p95 ${formatNumber(percentile(other, 0.95))} ms (${formatNumber(percentile(other, 0.95) / p95)}×)`;

/**
 * p50 and p95 of a measured call, the p95 against its target and beside the same answer computed in process
 * from the table's cached items (a process holding none in memory) and from every stored paragraph.
 */
function printLatency(
  name: string,
  sorted: number[],
  target: number,
  compared?: { fromItems: number[]; fromParagraphs: number[] },
) {
  printFigure({ name: `${name} p50`, value: percentile(sorted, 0.5), unit: 'ms' });
  const p95 = percentile(sorted, 0.95);
  printFigure({
    name: `${name} p95`,
    value: p95,
    unit: 'ms',
    target: { at: 'most', limit: target },
    ...(compared && {
      comparison: [
        sideBySide('from the cached items', p95, compared.fromItems),
        sideBySide('from every paragraph (before)', p95, compared.fromParagraphs),
      ].join('; '),
    }),
  });
}

const runtime = await startTestRuntime();
try {
  const { author, storyId, chapterIds } = await createBenchNovel(
    runtime,
    'bible-bench@example.com',
    { chapters: CHAPTERS, paragraphsPerChapter: PARAGRAPHS_PER_CHAPTER },
    paragraphText,
  );
  const associations = (await (
    await sendOk(
      author,
      'POST',
      `/api/stories/${storyId}/associations`,
      CHARACTERS.slice(0, 25).map((name) => ({ association_name: name, association_type: 'character' })),
    )
  ).json()) as Association[];
  console.log(
    `${CHAPTERS} chapters, ${CHAPTERS * PARAGRAPHS_PER_CHAPTER} paragraphs, ${
      CHAPTERS * PARAGRAPHS_PER_CHAPTER * WORDS_PER_PARAGRAPH
    } words, ${associations.length} associations, on DynamoDB Local`,
  );

  const { repositories } = runtime.ports;
  const associationId = associations[0]!.association_id;
  const base = `/api/stories/${storyId}`;
  const searchOptions = { case_sensitive: false, whole_word: true };

  const [firstCall] = await measureSequentially(1, () =>
    sendOk(author, 'GET', `${base}/associations/${associationId}/appearances`),
  );
  printFigure({
    name: 'appearances, first call (every chapter read and cached)',
    value: firstCall!,
    unit: 'ms',
  });

  const reads: { name: string; path: string; answer: (texts: ChapterText[]) => unknown }[] = [
    {
      name: 'appearances of one association',
      path: `${base}/associations/${associationId}/appearances`,
      answer: (texts) => findAppearances(texts, associations, associationId),
    },
    {
      name: 'mention grid of every association',
      path: `${base}/associations/mentions`,
      answer: (texts) => tallyMentions(texts, associations),
    },
    {
      name: 'suggested elements',
      path: `${base}/associations/suggestions`,
      answer: (texts) => suggestElements(texts, associations),
    },
    {
      name: 'story search, 600 matches',
      path: `${base}/search?q=Rivendell&whole_word=true`,
      answer: (texts) => findInParagraphs(texts, 'Rivendell', searchOptions),
    },
  ];
  for (const read of reads) {
    // Interleaved, so the three ways see the same load on a shared machine.
    const served: number[] = [];
    const fromItems: number[] = [];
    const fromParagraphs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      served.push(...(await measureSequentially(1, () => sendOk(author, 'GET', read.path))));
      fromItems.push(
        ...(await measureSequentially(1, async () =>
          read.answer(await readSearchableStoryText(createDynamoDbRepositories(runtime.database), storyId)),
        )),
      );
      fromParagraphs.push(
        ...(await measureSequentially(1, async () =>
          read.answer(await readStoryText(repositories, storyId)),
        )),
      );
    }
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    printLatency(read.name, sorted(served), READ_TARGET_MS, {
      fromItems: sorted(fromItems),
      fromParagraphs: sorted(fromParagraphs),
    });
  }

  // An author's save changes one chapter: the next read reads that chapter's paragraphs again.
  const afterSave: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const chapter = run % CHAPTERS;
    await sendOk(author, 'PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterIds[chapter],
      blocks: blocksOf(chapter, (paragraph) => paragraphText(chapter, paragraph)).slice(0, 1),
    });
    afterSave.push(
      ...(await measureSequentially(1, () =>
        sendOk(author, 'GET', `${base}/associations/${associationId}/appearances`),
      )),
    );
  }
  printLatency(
    'appearances right after a paragraph is saved',
    afterSave.sort((a, b) => a - b),
    READ_TARGET_MS,
  );

  // Each run changes 600 paragraphs in 60 chapters, and the next run puts them back.
  let [from, to] = ['Lothlorien', 'Lorien'];
  printLatency(
    'replace across the story, 600 paragraphs in 60 chapters',
    await measureSequentially(REPLACE_RUNS, async () => {
      await sendOk(author, 'POST', `${base}/replace`, {
        find: from,
        replace: to,
        case_sensitive: true,
        whole_word: true,
      });
      [from, to] = [to, from];
    }),
    REPLACE_TARGET_MS,
  );
  printLatency(
    'replace of a name in no chapter',
    await measureSequentially(RUNS, () =>
      sendOk(author, 'POST', `${base}/replace`, {
        find: 'Nowhere',
        replace: 'Somewhere',
        case_sensitive: true,
        whole_word: true,
      }),
    ),
    READ_TARGET_MS,
  );
} finally {
  await runtime.close();
}
