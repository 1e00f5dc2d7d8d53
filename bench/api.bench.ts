/**
 * Issue 17 figure 4, the API under load, on the embedded runtime (DynamoDB Local, the same handlers as in AWS):
 * `autocannon` on loopback, bounded in count and time, against the block save (authors typing at once, each
 * in their own chapter), the content read of a 2,000-paragraph chapter (100,000 words) and the story list of
 * an author with 200 stories. Targets: ≥ 1,000 saves/s with p99 ≤ 50 ms; content read p99 ≤ 150 ms.
 *
 * Where the time of one save goes, each part measured alone in the same run: a DynamoDB Local round trip
 * (the document client's GetItem of a missing key), the save's round trips counted, the handler called
 * without HTTP (middleware, validation, domain and SDK, as Lambda would call it), and the whole HTTP request
 * (adding the embedded server and its API Gateway bridge). One author's sequential save, move and chapter
 * load are printed as before.
 *
 *   npx tsx bench/api.bench.ts
 */
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import { routes } from '../lambdas/routes';
import { compileRoutes, lambdaContext, toApiGatewayEvent } from '../local/lambda-bridge';
import type { ChapterContent } from '../shared/schemas/block';
import type { Story } from '../shared/schemas/story';
import {
  grantSubscription,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../test/helpers/embedded-runtime';
import { paragraphChunk } from './paragraph-chunk';
import { countDynamoDbCalls } from './support/dynamodb-calls';
import { measureSequentially, sendOk } from './support/embedded-api';
import { median, percentile, printFigure } from './support/figures';

const PARAGRAPHS = 2_000;
const WORDS_PER_PARAGRAPH = 50;
const STORIES_IN_LIST = 200;
const TYPING_AUTHORS = 16;
const SEQUENTIAL_RUNS = 200;
const LOAD_RUNS = 20;
const BATCH = 500;
/** autocannon bounds: requests per run, and seconds however far it got. */
const SAVE_REQUESTS = 4_000;
const READ_REQUESTS = 300;
const MAX_SECONDS = 30;

const paragraph = (keyId: string, words: number): string =>
  paragraphChunk(keyId, Array.from({ length: words }, (_, index) => `word${index}`).join(' '));

const benchDirectory = path.dirname(fileURLToPath(import.meta.url));
const dynamoDb = countDynamoDbCalls();
const runtime = await startTestRuntime();

async function createStory(author: TestBrowser, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('description', 'A benchmark story.');
  const created = await author.fetch('/api/stories', { method: 'POST', body: form });
  if (!created.ok) throw new Error(`POST /api/stories answered ${created.status}: ${await created.text()}`);
  const story = (await created.json()) as Story;
  return { storyId: story.story_id, chapterId: story.chapters![0]!.id };
}

/** The headers a signed-in browser sends with a JSON write, for requests made outside `TestBrowser`. */
function jsonHeaders(author: TestBrowser) {
  const cookieName = sessionCookieName(runtime.ports.config);
  return {
    cookie: `${cookieName}=${author.cookie(cookieName)!}`,
    origin: runtime.url,
    'content-type': 'application/json',
  };
}

/** `Get 1, BatchGet 1, ...`: the round trips of one request, by command. */
const callsByCommand = (calls: { byCommand: Record<string, number> }) =>
  Object.entries(calls.byCommand)
    .map(([command, count]) => `${command.replace('Command', '')} ${count}`)
    .join(', ');

interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function underLoad(
  options: Omit<autocannon.Options, 'url' | 'duration'> & { amount: number },
): Promise<LoadFigures> {
  // In a worker thread: sending and timing requests on the server's own event loop would measure both at once.
  const result = await autocannon({ url: runtime.url, duration: MAX_SECONDS, workers: 1, ...options });
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

const loadComparison = (figures: LoadFigures, connections: number) =>
  `p50 ${figures.p50} ms; ${connections} connections; ${figures.failed} failed`;

try {
  const author = await signIn(runtime, 'bench@example.com', 'Bench');
  // More stories than the free plan keeps.
  await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
  const { storyId, chapterId } = await createStory(author, 'Benchmark');
  const keyIds = Array.from({ length: PARAGRAPHS }, (_, index) => `bench-${index}`);
  for (let start = 0; start < PARAGRAPHS; start += BATCH) {
    await sendOk(author, 'PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: keyIds.slice(start, start + BATCH).map((keyId, offset) => ({
        key_id: keyId,
        chunk: paragraph(keyId, WORDS_PER_PARAGRAPH),
        place: String(start + offset),
      })),
    });
  }
  for (let index = 1; index < STORIES_IN_LIST; index += 1) await createStory(author, `Story ${index}`);
  console.log(
    `One author: a chapter of ${PARAGRAPHS} paragraphs (${PARAGRAPHS * WORDS_PER_PARAGRAPH} words) and ` +
      `${STORIES_IN_LIST} stories; ${TYPING_AUTHORS} more authors typing in their own chapters`,
  );

  // One author, one request at a time.
  const saveBody = (index: number) => ({
    story_id: storyId,
    chapter_id: chapterId,
    blocks: [{ key_id: keyIds[index % PARAGRAPHS]!, chunk: paragraph(keyIds[index % PARAGRAPHS]!, 60) }],
  });
  const sequentialSaves = await measureSequentially(SEQUENTIAL_RUNS, (index) =>
    sendOk(author, 'PUT', `/api/stories/${storyId}`, saveBody(index)),
  );
  printFigure({
    name: 'save one paragraph, one at a time, p50',
    value: percentile(sequentialSaves, 0.5),
    unit: 'ms',
    comparison: `p95 ${percentile(sequentialSaves, 0.95).toFixed(1)} ms; ${SEQUENTIAL_RUNS} runs`,
  });
  const moves = await measureSequentially(LOAD_RUNS * 2, (index) =>
    sendOk(author, 'PUT', `/api/stories/${storyId}/orderMap`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyIds[index]!, place: String(PARAGRAPHS - 1) }],
    }),
  );
  printFigure({
    name: 'move one paragraph, one at a time, p50',
    value: percentile(moves, 0.5),
    unit: 'ms',
    comparison: `p95 ${percentile(moves, 0.95).toFixed(1)} ms`,
  });
  const loads = await measureSequentially(LOAD_RUNS, async () => {
    const response = await sendOk(author, 'GET', `/api/stories/${storyId}/content?chapter=${chapterId}`);
    const { items } = (await response.json()) as ChapterContent;
    // The chapter keeps the empty paragraph it was created with, ahead of the benchmark's.
    if (items.length !== PARAGRAPHS + 1)
      throw new Error(`expected ${PARAGRAPHS + 1} paragraphs, got ${items.length}`);
  });
  printFigure({
    name: `load the chapter (${PARAGRAPHS} paragraphs), one at a time, p50`,
    value: percentile(loads, 0.5),
    unit: 'ms',
    comparison: `p95 ${percentile(loads, 0.95).toFixed(1)} ms`,
  });

  // Where one save's time goes.
  dynamoDb.take();
  await sendOk(author, 'PUT', `/api/stories/${storyId}`, saveBody(1));
  const saveCalls = dynamoDb.take();
  const missingKey = new GetCommand({
    TableName: runtime.database.tableName,
    Key: { PK: 'BENCH#none', SK: 'BENCH' },
  });
  const roundTrips = await measureSequentially(SEQUENTIAL_RUNS, () =>
    runtime.database.client.send(missingKey),
  );
  const savePath = `/api/stories/${storyId}`;
  const match = compileRoutes(routes).match('PUT', savePath)!;
  const { handler } = (await import('../lambdas/http/blocks/save-blocks')) as {
    handler: (...args: unknown[]) => Promise<{ statusCode?: number }>;
  };
  const directCalls = await measureSequentially(SEQUENTIAL_RUNS, async (index) => {
    const request = {
      headers: { ...jsonHeaders(author), host: new URL(runtime.url).host },
      httpVersion: '1.1',
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const body = Buffer.from(JSON.stringify(saveBody(index)));
    const event = toApiGatewayEvent(request, new URL(savePath, runtime.url), body, match);
    const result = await handler(event, lambdaContext(match.definition.handler));
    if (result.statusCode !== 204) throw new Error(`the save handler answered ${result.statusCode}`);
  });
  const roundTrip = median(roundTrips);
  const handlerCall = median(directCalls);
  const overHttp = median(sequentialSaves);
  const inDynamoDb = roundTrip * saveCalls.roundTrips;
  printFigure({
    name: 'save: DynamoDB Local round trip alone, p50',
    value: roundTrip,
    unit: 'ms',
    comparison: `× ${saveCalls.roundTrips} round trips per save (${callsByCommand(saveCalls)}) ≈ ${inDynamoDb.toFixed(1)} ms`,
  });
  printFigure({
    name: 'save: the handler called without HTTP, p50',
    value: handlerCall,
    unit: 'ms',
    comparison: `ours (middleware, validation, domain, SDK) ≈ ${(handlerCall - inDynamoDb).toFixed(1)} ms beside DynamoDB Local`,
  });
  printFigure({
    name: 'save: embedded server and API Gateway bridge, p50',
    value: overHttp - handlerCall,
    unit: 'ms',
    comparison: `whole request over HTTP ${overHttp.toFixed(1)} ms`,
  });

  // Under load: authors typing at once, one connection each, each saving one paragraph again and again.
  const typists = await Promise.all(
    Array.from({ length: TYPING_AUTHORS }, async (_, index) => {
      const typist = await signIn(runtime, `typist-${index}@example.com`, `Typist ${index}`);
      const story = await createStory(typist, `Typing ${index}`);
      const body = JSON.stringify({
        story_id: story.storyId,
        chapter_id: story.chapterId,
        blocks: [{ key_id: `typed-${index}`, chunk: paragraph(`typed-${index}`, 60) }],
      });
      await sendOk(typist, 'PUT', `/api/stories/${story.storyId}`, JSON.parse(body));
      return { method: 'PUT', path: `/api/stories/${story.storyId}`, headers: jsonHeaders(typist), body };
    }),
  );
  dynamoDb.take();
  const saves = await underLoad({
    connections: TYPING_AUTHORS,
    amount: SAVE_REQUESTS,
    // Worker threads take functions as files; autocannon's types know only the function.
    setupClient: path.join(benchDirectory, 'support', 'autocannon-own-author.cjs') as unknown as (
      client: autocannon.Client,
    ) => void,
    initialContext: { authors: typists },
  });
  const loadCalls = dynamoDb.take();
  printFigure({
    name: 'under load: block saves per second',
    value: saves.perSecond,
    unit: '/s',
    target: { at: 'least', limit: 1_000 },
    comparison: `${saves.requests} saves by ${TYPING_AUTHORS} authors; ${(loadCalls.roundTrips / saves.requests).toFixed(1)} round trips each`,
  });
  printFigure({
    name: 'under load: block save p99',
    value: saves.p99,
    unit: 'ms',
    target: { at: 'most', limit: 50 },
    comparison: loadComparison(saves, TYPING_AUTHORS),
  });

  // What one content read and one list ask of DynamoDB, and the content read's time without HTTP.
  const contentPath = `/api/stories/${storyId}/content?chapter=${chapterId}`;
  dynamoDb.take();
  await sendOk(author, 'GET', contentPath);
  const contentCalls = dynamoDb.take();
  await sendOk(author, 'GET', '/api/stories');
  const listCalls = dynamoDb.take();
  const contentMatch = compileRoutes(routes).match('GET', `/api/stories/${storyId}/content`)!;
  const { handler: contentHandler } = (await import('../lambdas/http/blocks/get-chapter-content')) as {
    handler: (...args: unknown[]) => Promise<{ statusCode?: number }>;
  };
  const directReads = await measureSequentially(LOAD_RUNS, async () => {
    const request = {
      headers: { ...jsonHeaders(author), host: new URL(runtime.url).host },
      httpVersion: '1.1',
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const event = toApiGatewayEvent(
      request,
      new URL(contentPath, runtime.url),
      Buffer.alloc(0),
      contentMatch,
    );
    const result = await contentHandler(event, lambdaContext(contentMatch.definition.handler));
    if (result.statusCode !== 200) throw new Error(`the content handler answered ${result.statusCode}`);
  });
  printFigure({
    name: `content read (${PARAGRAPHS} paragraphs): round trips`,
    value: contentCalls.roundTrips,
    unit: 'calls',
    comparison: `${callsByCommand(contentCalls)}; the handler without HTTP p50 ${median(directReads).toFixed(1)} ms, over HTTP p50 ${percentile(loads, 0.5).toFixed(1)} ms`,
  });
  printFigure({
    name: `story list (${STORIES_IN_LIST} stories): round trips`,
    value: listCalls.roundTrips,
    unit: 'calls',
    comparison: callsByCommand(listCalls),
  });

  const authorHeaders = jsonHeaders(author);
  const reads = await underLoad({
    connections: 4,
    amount: READ_REQUESTS,
    requests: [
      { method: 'GET', path: `/api/stories/${storyId}/content?chapter=${chapterId}`, headers: authorHeaders },
    ],
  });
  printFigure({
    name: `under load: content read (${PARAGRAPHS} paragraphs) p99`,
    value: reads.p99,
    unit: 'ms',
    target: { at: 'most', limit: 150 },
    comparison: `${reads.perSecond.toFixed(0)}/s; ${loadComparison(reads, 4)}`,
  });
  const lists = await underLoad({
    connections: 4,
    amount: READ_REQUESTS,
    requests: [{ method: 'GET', path: '/api/stories', headers: authorHeaders }],
  });
  printFigure({
    name: `under load: story list (${STORIES_IN_LIST} stories) p99`,
    value: lists.p99,
    unit: 'ms',
    comparison: `${lists.perSecond.toFixed(0)}/s; ${loadComparison(lists, 4)}`,
  });
} finally {
  await runtime.close();
}
