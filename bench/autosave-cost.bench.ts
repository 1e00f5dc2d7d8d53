/**
 * Issue 17 figure 3, what autosave costs: bytes sent, requests and DynamoDB items written for one keystroke,
 * moving one paragraph (in chapters of 5,000 and 500 paragraphs) and pasting 100 paragraphs. The requests are
 * the web client's own: its autosave queue (`web/src/editor/autosave/`) loaded with the chapter as the editor
 * loads it, flushing through a transport that sends each request to the embedded runtime; DynamoDB items are
 * counted on the document client beneath the repositories. Targets: one item for a keystroke; a move costing
 * the same whatever the chapter's length; at most one request per 500 paragraphs pasted. Side by side, what the
 * client sent before it followed the server's order (the full order with every move and paste).
 *
 *   npx tsx bench/autosave-cost.bench.ts
 */
import { sessionCookieName } from '../lambdas/middleware/cookies';
import type { ChapterContent } from '../shared/schemas/block';
import type { Story } from '../shared/schemas/story';
import {
  grantSubscription,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../test/helpers/embedded-runtime';
import { apiPaths } from '../web/src/api/api-paths';
import { AutosaveQueue } from '../web/src/editor/autosave/autosave-queue';
import { createMemoryOpStore } from '../web/src/editor/autosave/pending-op-store';
import {
  jsonByteLength,
  orderRequest,
  type SyncCall,
  type SyncTransport,
} from '../web/src/editor/autosave/sync-requests';
import { paragraphChunk } from './paragraph-chunk';
import { countDynamoDbCalls } from './support/dynamodb-calls';
import { sendOk } from './support/embedded-api';
import { printFigure } from './support/figures';

const LONG_CHAPTER = 5_000;
const SHORT_CHAPTER = 500;
const WORDS_PER_PARAGRAPH = 25;
const PASTED = 100;
const BATCH = 500;

const words = (count: number, seed: number) =>
  Array.from({ length: count }, (_, index) => `word${(seed + index) % 97}`).join(' ');

/** Each block sync call as the web client's fetcher sends it (`web/src/api/chapter-content.ts`). */
const SYNC_ENDPOINTS: Record<
  SyncCall['endpoint'],
  { method: 'PUT' | 'DELETE'; path: (storyId: string) => string }
> = {
  saveBlocks: { method: 'PUT', path: apiPaths.savedBlocks },
  deleteBlocks: { method: 'DELETE', path: apiPaths.deletedBlocks },
  reorderBlocks: { method: 'PUT', path: apiPaths.blockOrder },
};

const dynamoDb = countDynamoDbCalls();
const runtime = await startTestRuntime();

interface Sent {
  requests: number;
  bytes: number;
  described: string[];
}

/** A chapter of `paragraphs` paragraphs, and an autosave queue holding it as the editor holds it after a load. */
async function openChapter(author: TestBrowser, paragraphs: number) {
  const form = new FormData();
  form.append('title', `${paragraphs} paragraphs`);
  form.append('description', 'Autosave benchmark.');
  const story = (await (await author.fetch('/api/stories', { method: 'POST', body: form })).json()) as Story;
  const scope = { storyId: story.story_id, chapterId: story.chapters![0]!.id };
  // The chapter starts with one empty paragraph of its own.
  const keyIds = Array.from({ length: paragraphs - 1 }, (_, index) => `p${index}`);
  for (let start = 0; start < keyIds.length; start += BATCH) {
    await sendOk(author, 'PUT', `/api/stories/${scope.storyId}`, {
      story_id: scope.storyId,
      chapter_id: scope.chapterId,
      blocks: keyIds.slice(start, start + BATCH).map((keyId, offset) => ({
        key_id: keyId,
        chunk: paragraphChunk(keyId, words(WORDS_PER_PARAGRAPH, start + offset)),
        place: String(start + offset),
      })),
    });
  }
  const content = (await (
    await sendOk(author, 'GET', `/api/stories/${scope.storyId}/content?chapter=${scope.chapterId}`)
  ).json()) as ChapterContent;

  const sent: Sent = { requests: 0, bytes: 0, described: [] };
  const transport: SyncTransport = async (call) => {
    const { method, path } = SYNC_ENDPOINTS[call.endpoint];
    const address = path(call.storyId);
    sent.requests += 1;
    sent.bytes += jsonByteLength(call.body);
    sent.described.push(`${method} ${address.replace(call.storyId, '{id}')}`);
    await sendOk(author, method, address, call.body);
  };
  const queue = new AutosaveQueue({ scope, transport, store: createMemoryOpStore() });
  queue.reconcile(
    content.items.map((item) => ({
      keyId: item.key_id.Value,
      chunk: item.chunk.Value,
      revision: item.revision,
    })),
    () => 'unused',
  );
  const order = content.items.map((item) => item.key_id.Value);

  /** Runs one change through the queue and answers what its flush sent and wrote. */
  async function measure(change: () => void) {
    sent.requests = 0;
    sent.bytes = 0;
    sent.described = [];
    dynamoDb.take();
    change();
    await queue.flush();
    const status = queue.getStatus();
    if (status.state !== 'saved') throw new Error(`autosave did not finish: ${JSON.stringify(status)}`);
    const calls = dynamoDb.take();
    return {
      ...sent,
      described: [...sent.described],
      itemsWritten: calls.itemsWritten,
      bytesWritten: calls.bytesWritten,
    };
  }

  return { scope, queue, order, measure };
}

type Chapter = Awaited<ReturnType<typeof openChapter>>;

/** Typing into the middle paragraph: a letter within a word (' z' starts a word, which the day's count adds). */
function keystroke(chapter: Chapter, typed: string) {
  const place = Math.floor(chapter.order.length / 2);
  const keyId = chapter.order[place]!;
  return chapter.measure(() =>
    chapter.queue.save(keyId, paragraphChunk(keyId, `${words(WORDS_PER_PARAGRAPH, place)}${typed}`), place),
  );
}

/** What sending the chapter's whole order costs, the way the queue did before it followed the server's order. */
function fullOrderRequestBytes(chapter: Chapter): number {
  return jsonByteLength(
    orderRequest(
      chapter.scope,
      { ...chapter.scope, type: 'syncOrder', retry: false, keyIds: chapter.order },
      null,
    ).call.body,
  );
}

/** Moving the first paragraph to the middle, as a drag or a cut and paste leaves the order. */
async function moveOne(chapter: Chapter) {
  const [first, ...rest] = chapter.order;
  const middle = Math.floor(rest.length / 2);
  chapter.order = [...rest.slice(0, middle), first!, ...rest.slice(middle)];
  const fullOrderBytes = fullOrderRequestBytes(chapter);
  return { fullOrderBytes, cost: await chapter.measure(() => chapter.queue.syncOrder(chapter.order)) };
}

/** Pasting 100 new paragraphs after the middle one: each saved at its place, then the order synced. */
async function paste(chapter: Chapter) {
  const at = Math.floor(chapter.order.length / 2);
  const pasted = Array.from({ length: PASTED }, (_, index) => `pasted-${index}`);
  chapter.order = [...chapter.order.slice(0, at), ...pasted, ...chapter.order.slice(at)];
  const fullOrderBytes = fullOrderRequestBytes(chapter);
  return {
    fullOrderBytes,
    cost: await chapter.measure(() => {
      pasted.forEach((keyId, index) =>
        chapter.queue.save(keyId, paragraphChunk(keyId, words(WORDS_PER_PARAGRAPH, index)), at + index),
      );
      chapter.queue.syncOrder(chapter.order);
    }),
  };
}

try {
  const author = await signIn(runtime, 'autosave-bench@example.com', 'Bench');
  await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
  const long = await openChapter(author, LONG_CHAPTER);
  const short = await openChapter(author, SHORT_CHAPTER);
  // The first save of a chapter takes its automatic version (every 30 minutes of editing): not a keystroke's cost.
  await keystroke(long, 'x');
  await keystroke(short, 'x');

  const typed = await keystroke(long, 'y');
  const newWord = await keystroke(long, 'y z');
  printFigure({
    name: `autosave: one keystroke, ${LONG_CHAPTER.toLocaleString('en')}-paragraph chapter, items written`,
    value: typed.itemsWritten,
    unit: 'items',
    target: { at: 'most', limit: 1 },
    comparison: `${typed.requests} request (${typed.described.join(', ')}), ${typed.bytes} bytes sent; one that starts a word: ${newWord.itemsWritten} items (the paragraph and the day's words)`,
  });

  const movedLong = await moveOne(long);
  const movedShort = await moveOne(short);
  printFigure({
    name: `autosave: move one paragraph, ${LONG_CHAPTER.toLocaleString('en')} paragraphs, bytes sent`,
    value: movedLong.cost.bytes,
    unit: 'bytes',
    comparison: `${SHORT_CHAPTER} paragraphs: ${movedShort.cost.bytes} bytes (the place has a digit less); before (the full order): ${movedLong.fullOrderBytes.toLocaleString('en')} bytes`,
  });
  printFigure({
    name: `autosave: move one paragraph, ${LONG_CHAPTER.toLocaleString('en')} paragraphs, items written`,
    value: movedLong.cost.itemsWritten,
    unit: 'items',
    target: { at: 'most', limit: movedShort.cost.itemsWritten },
    comparison: `${SHORT_CHAPTER} paragraphs: ${movedShort.cost.itemsWritten}; the order item written is ${movedLong.cost.bytesWritten.toLocaleString('en')} bytes (${movedShort.cost.bytesWritten.toLocaleString('en')} at ${SHORT_CHAPTER})`,
  });

  // Into the shorter chapter: the longer one is at the 5,000 paragraphs a chapter may hold.
  const pasted = await paste(short);
  printFigure({
    name: `autosave: paste ${PASTED} paragraphs, ${SHORT_CHAPTER}-paragraph chapter, requests`,
    value: pasted.cost.requests,
    unit: 'requests',
    target: { at: 'most', limit: Math.ceil(PASTED / 500) },
    comparison: `${pasted.cost.described.join(', ')}; ${pasted.cost.bytes.toLocaleString('en')} bytes sent, ${pasted.cost.itemsWritten} items written; before: + the full order, ${pasted.fullOrderBytes.toLocaleString('en')} bytes`,
  });
  long.queue.dispose();
  short.queue.dispose();
} finally {
  await runtime.close();
}
