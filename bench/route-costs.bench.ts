/**
 * What each route of `lambdas/routes.ts` costs the table, at two sizes of an author's data: the DynamoDB round
 * trips and the items read of one request, called as its owner with the route probes the isolation matrix uses
 * (so a route without a probe is missing here too). A route is flagged when its cost grows with data it does not
 * answer: round trips that grow by more than a page or two, or items read that grow faster than its answer.
 * Counts, not timings: these figures are the same on any machine.
 */
import type { Story } from '../shared/schemas/story';
import { routes } from '../lambdas/routes';
import { signIn, startTestRuntime, type TestBrowser } from '../test/helpers/embedded-runtime';
import { multipartForm } from '../test/helpers/images';
import {
  type AuthorIds,
  probes,
  routeKey,
  sendProbe,
  signInWithOneOfEverything,
} from '../test/suites/route-probes';
import { paragraphChunk } from './paragraph-chunk';
import { countDynamoDbCalls, type DynamoDbCalls } from './support/dynamodb-calls';
import { sendOk } from './support/embedded-api';
import { printFigure } from './support/figures';

interface DataSize {
  name: string;
  /** Stories the author has, the probes' own included. */
  stories: number;
  /** Paragraphs of the chapter the probes read and write. */
  paragraphs: number;
}

const SIZES: DataSize[] = [
  { name: 'small', stories: 10, paragraphs: 100 },
  { name: 'large', stories: 500, paragraphs: 5_000 },
];
/** Round trips a route may grow by between the sizes before it is flagged, besides a page per MB it answers. */
const PAGE_ALLOWANCE = 2;
/** DynamoDB answers a Query in pages of at most 1 MB. */
const QUERY_PAGE_BYTES = 1024 * 1024;
const BATCH = 500;

interface RouteCost {
  status: number;
  roundTrips: number;
  itemsRead: number;
  answerBytes: number;
}

/** How long the table must see no call before a request is measured, and how long to wait for that at most. */
const QUIET_MS = 300;
const MOST_QUIET_WAITS = 40;

const dynamoDb = countDynamoDbCalls();
const runtime = await startTestRuntime();

/** Story counts the story list is measured at: its round trips must not grow with them. */
const STORY_LIST_SIZES = [10, 200, 2_000];
/** Stories created at once while an author is grown. */
const PARALLEL_STORY_CREATIONS = 4;

/** Adds stories (each with its first chapter) until the author has `count`. */
async function growStories(browser: TestBrowser, count: number): Promise<void> {
  const listed = (await (await browser.fetch('/api/stories')).json()) as Story[];
  const create = async (index: number) => {
    const response = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: `Story ${index}`, description: 'Grown for the benchmark.' }),
    });
    if (!response.ok) throw new Error(`POST /api/stories answered ${response.status}`);
  };
  for (let index = listed.length; index < count; index += PARALLEL_STORY_CREATIONS) {
    const batch = Array.from(
      { length: Math.min(PARALLEL_STORY_CREATIONS, count - index) },
      (_, offset) => index + offset,
    );
    await Promise.all(batch.map(create));
  }
  await runtime.queue.drain();
}

/** The probes' author, grown to the size: more stories, and the probed chapter filled with paragraphs. */
async function authorOfSize(size: DataSize): Promise<{ browser: TestBrowser; ids: AuthorIds }> {
  const author = await signInWithOneOfEverything(runtime, `${size.name}@example.com`);
  const { browser, ids } = author;
  await growStories(browser, size.stories);
  for (let start = 1; start < size.paragraphs; start += BATCH) {
    const end = Math.min(size.paragraphs, start + BATCH);
    await sendOk(browser, 'PUT', `/api/stories/${ids.storyId}`, {
      chapter_id: ids.chapterId,
      blocks: Array.from({ length: end - start }, (_, offset) => {
        const keyId = `${size.name}-${start + offset}`;
        return {
          key_id: keyId,
          chunk: paragraphChunk(keyId, 'Ada walked on.'),
          place: String(start + offset),
        };
      }),
    });
  }
  await runtime.queue.drain();
  return author;
}

/**
 * Reads first, then writes, then deletes inside a story, then the story and series, the account and the
 * session: each route meets the data whole.
 */
function callOrder(key: string): number {
  if (key === 'DELETE /auth/logout') return 5;
  if (key === 'POST /api/user/delete') return 4;
  if (key === 'DELETE /api/stories/{storyId}' || key === 'DELETE /api/series/{seriesId}') return 3;
  if (key.startsWith('DELETE ')) return 2;
  return key.startsWith('GET ') ? 0 : 1;
}

/**
 * Waits until nothing else asks the table anything (queue workers, and what the runtime finishes after
 * answering), so that a request's count is its own.
 */
async function quiet(): Promise<void> {
  for (let wait = 0; wait < MOST_QUIET_WAITS; wait += 1) {
    await runtime.queue.drain();
    dynamoDb.take();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const meanwhile = dynamoDb.take();
    if (meanwhile.roundTrips === 0) return;
    if (wait === MOST_QUIET_WAITS - 1)
      console.log(`the table never went quiet: ${JSON.stringify(meanwhile.byCommand)}`);
  }
}

async function costsAt(size: DataSize): Promise<Map<string, RouteCost>> {
  const { browser, ids } = await authorOfSize(size);
  const costs = new Map<string, RouteCost>();
  const keys = routes.map(routeKey).sort((left, right) => callOrder(left) - callOrder(right));
  for (const key of keys) {
    await quiet();
    const response = await sendProbe(browser, key.split(' ')[0]!, probes[key]!.request(ids, ids));
    const answer = await response.arrayBuffer();
    const calls: DynamoDbCalls = dynamoDb.take();
    costs.set(key, {
      status: response.status,
      roundTrips: calls.roundTrips,
      itemsRead: calls.itemsRead,
      answerBytes: answer.byteLength,
    });
  }
  await runtime.queue.drain();
  return costs;
}

/** Why the route's cost grows with data it does not answer; undefined when it does not. */
function growth(small: RouteCost, large: RouteCost): string | undefined {
  const answerPages = Math.ceil(large.answerBytes / QUERY_PAGE_BYTES);
  if (large.roundTrips > small.roundTrips + PAGE_ALLOWANCE + answerPages)
    return 'round trips grow with the data';
  const answerGrowth = Math.max(1, large.answerBytes / Math.max(1, small.answerBytes));
  const readGrowth = large.itemsRead / Math.max(1, small.itemsRead);
  if (large.itemsRead > small.itemsRead + 10 && readGrowth > 2 * answerGrowth) {
    return 'reads grow faster than the answer';
  }
  return undefined;
}

try {
  const [small, large] = [await costsAt(SIZES[0]!), await costsAt(SIZES[1]!)];
  console.log(
    `Per request, called as the owner: ${SIZES.map((size) => `${size.name} = ${size.stories} stories, a chapter of ${size.paragraphs} paragraphs`).join('; ')}`,
  );
  console.log(['route'.padEnd(58), 'round trips', 'items read', 'answer KB', 'status', 'flag'].join('  '));
  let flagged = 0;
  for (const [key, smallCost] of small) {
    const largeCost = large.get(key)!;
    const flag = growth(smallCost, largeCost);
    if (flag) flagged += 1;
    const pair = (pick: (cost: RouteCost) => number) => `${pick(smallCost)} → ${pick(largeCost)}`;
    console.log(
      [
        key.padEnd(58),
        pair((cost) => cost.roundTrips).padStart(11),
        pair((cost) => cost.itemsRead).padStart(10),
        pair((cost) => Math.round(cost.answerBytes / 1024)).padStart(9),
        pair((cost) => cost.status).padStart(6),
        flag ? `✗ ${flag}` : '',
      ].join('  '),
    );
  }
  printFigure({
    name: 'routes whose cost grows with data they do not answer',
    value: flagged,
    unit: 'routes',
  });
  const lister = await signIn(runtime, 'story-list@example.com');
  for (const count of STORY_LIST_SIZES) {
    await growStories(lister, count);
    await quiet();
    const response = await lister.fetch('/api/stories');
    const stories = (await response.json()) as Story[];
    const calls = dynamoDb.take();
    printFigure({
      name: `story list (${count.toLocaleString('en')} stories): round trips`,
      value: calls.roundTrips,
      unit: 'round trips',
      target: { at: 'most', limit: 3 },
      comparison: `${stories.length} stories answered, ${calls.itemsRead} items read`,
    });
  }
} finally {
  await runtime.close();
}
