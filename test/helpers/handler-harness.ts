import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { vi } from 'vitest';
import type { BlobStore, Queue } from '../../lambdas/domain/ports';
import { apiEvent, type ApiEventOptions } from './api-event';
import { installForEachTest, installTestPorts, TEST_NOW } from './ports';

/**
 * Handler unit tests: the test ports with a signed-in caller, every table read answering "nothing" unless a
 * test says otherwise, and in-memory stand-ins for the blob store and the queue. Items a test `store`s are
 * found by key by GetItem and BatchGetItem alike.
 */
export const USER_ID = 'user-1';
const SESSION_ID = 'session-of-user-1';
const APP_ORIGIN = 'https://write.example.com';

export function installHandlerPorts() {
  const blobs = {
    put: vi.fn<BlobStore['put']>().mockResolvedValue(undefined),
    get: vi.fn<BlobStore['get']>().mockResolvedValue(undefined),
    delete: vi.fn<BlobStore['delete']>().mockResolvedValue(undefined),
    deletePrefix: vi.fn<BlobStore['deletePrefix']>().mockResolvedValue(undefined),
    signedDownloadUrl: vi.fn<BlobStore['signedDownloadUrl']>().mockResolvedValue('https://signed.example'),
    signedUploadUrl: vi.fn<BlobStore['signedUploadUrl']>().mockResolvedValue('https://signed.example/upload'),
  };
  const queue = { send: vi.fn<Queue['send']>().mockResolvedValue(undefined) };
  const testPorts = installTestPorts({ blobs, queue });
  const { documentClient } = testPorts;
  const tableName = testPorts.ports.config.TABLE_NAME;
  const storedItems = new Map<string, Record<string, unknown>>();
  const keyText = (key: Record<string, unknown>) => `${String(key.PK)}\u0000${String(key.SK)}`;
  /** The table holds these items (each with its PK and SK). */
  const store = (...items: Record<string, unknown>[]) => {
    for (const item of items) storedItems.set(keyText(item), item);
  };
  documentClient.on(GetCommand).callsFake((input: { Key: Record<string, unknown> }) => {
    const item = storedItems.get(keyText(input.Key));
    return item ? { Item: item } : {};
  });
  documentClient.on(QueryCommand).resolves({ Items: [] });
  documentClient
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: Record<string, unknown>[] }> }) => ({
      Responses: {
        [tableName]: input.RequestItems[tableName]!.Keys.flatMap(
          (key) => storedItems.get(keyText(key)) ?? [],
        ),
      },
    }));
  documentClient.on(BatchWriteCommand).resolves({});
  documentClient.on(TransactWriteCommand).resolves({});
  documentClient.on(UpdateCommand).resolves({});
  documentClient.on(PutCommand).resolves({});
  arrangeSession(documentClient);

  /** The caller owns this story. */
  const ownStory = (storyId: string, fields: Record<string, unknown> = {}) =>
    store(tableItems.story(storyId, fields));

  /** The caller owns this series, holding these stories in this order. */
  const ownSeries = (
    seriesId: string,
    storyIds: string[],
    version = 1,
    fields: Record<string, unknown> = {},
  ) => store(tableItems.series(seriesId, storyIds, version, fields));

  /** What the Query of a story's chapters and chapter index finds. */
  const chaptersOf = (storyId: string, items: Record<string, unknown>[]) =>
    documentClient
      .on(QueryCommand, {
        ExpressionAttributeValues: { ':story': `STORY#${storyId}`, ':chapter': 'CHAPTER' },
      })
      .resolves({ Items: items });

  /**
   * A chapter's stored content as its reads find it: the order item and the blocks by key (GetItem,
   * BatchGetItem), the blocks of a range of sort keys (the whole chapter's Queries) and their key_ids (the
   * keys-only Query).
   */
  const contentOf = (chapterId: string, orderKeyIds: string[], blocks: Record<string, unknown>[]) => {
    store(tableItems.order(chapterId, orderKeyIds), ...blocks);
    documentClient
      .on(QueryCommand, { ExpressionAttributeValues: { ':chapter': `CHAPTER#${chapterId}` } })
      .callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => {
        const { ':from': from, ':to': to } = input.ExpressionAttributeValues;
        if (from === undefined || to === undefined) {
          return { Items: blocks.map((block) => ({ key_id: block.key_id })) };
        }
        return { Items: blocks.filter((block) => String(block.SK) >= from && String(block.SK) <= to) };
      });
  };

  return {
    ...testPorts,
    blobs,
    queue,
    tableName,
    store,
    ownStory,
    ownSeries,
    chaptersOf,
    contentOf,
  };
}

/** `installHandlerPorts` before each test of the enclosing describe block, restored after it. */
export const useHandlerPorts = () => installForEachTest(installHandlerPorts);

/** The signed-in caller's session cookie belongs to `userId`: the caller by default, or someone else. */
export function arrangeSession(
  documentClient: ReturnType<typeof installTestPorts>['documentClient'],
  userId = USER_ID,
) {
  documentClient
    .on(GetCommand, {
      Key: { PK: `SESSION#${createHash('sha256').update(SESSION_ID).digest('base64url')}`, SK: 'SESSION' },
    })
    .resolves({ Item: { userId, listed: true, ttl: TEST_NOW.getTime() / 1000 + 3600 } });
}

/** An event from the signed-in caller's browser: session cookie, and the app's Origin on writes. */
export function signedInEvent(options: ApiEventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'GET';
  return apiEvent({
    ...options,
    cookies: [`__Host-lw_session=${SESSION_ID}`],
    headers: { ...(method === 'GET' ? {} : { origin: APP_ORIGIN }), ...options.headers },
  });
}

/** A signed-in multipart request, encoded the way API Gateway hands binary bodies to Lambda. */
export async function signedInMultipartEvent(
  options: Omit<ApiEventOptions, 'body'>,
  form: FormData,
): Promise<APIGatewayProxyEventV2> {
  const request = new Request('https://write.example.com/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const event = signedInEvent({
    ...options,
    method: options.method ?? 'POST',
    headers: { ...options.headers, 'content-type': request.headers.get('content-type')! },
  });
  return { ...event, body: body.toString('base64'), isBase64Encoded: true };
}

/** Items as the table holds them, for mocked reads. */
export const tableItems = {
  story: (storyId: string, fields: Record<string, unknown> = {}) => ({
    PK: `USER#${USER_ID}`,
    SK: `STORY#${storyId}`,
    story_id: storyId,
    title: `Title of ${storyId}`,
    description: `About ${storyId}`,
    image_url: `/images/stories/${storyId}/cover-1.jpg`,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  }),
  series: (seriesId: string, storyIds: string[], version = 1, fields: Record<string, unknown> = {}) => ({
    PK: `USER#${USER_ID}`,
    SK: `SERIES#${seriesId}`,
    series_id: seriesId,
    series_title: `Series ${seriesId}`,
    series_description: `About series ${seriesId}`,
    image_url: '',
    story_ids: storyIds,
    version,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  }),
  chapter: (
    storyId: string,
    chapterId: string,
    status: 'creating' | 'ready' = 'ready',
    title = chapterId,
  ) => ({
    PK: `STORY#${storyId}`,
    SK: `CHAPTER#${chapterId}`,
    chapter_id: chapterId,
    story_id: storyId,
    title,
    status,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }),
  chapterIndex: (storyId: string, chapterIds: string[], version = 1) => ({
    PK: `STORY#${storyId}`,
    SK: 'CHAPTERS',
    entity: 'chapter-index',
    story_id: storyId,
    chapter_ids: chapterIds,
    version,
  }),
  block: (chapterId: string, keyId: string, chunk: string) => ({
    PK: `CHAPTER#${chapterId}`,
    SK: `BLOCK#${keyId}`,
    key_id: keyId,
    chunk,
  }),
  order: (chapterId: string, keyIds: string[], version = 1) => ({
    PK: `CHAPTER#${chapterId}`,
    SK: 'ORDER',
    key_ids: keyIds,
    version,
  }),
};

/** A well-formed paragraph chunk with one text run. */
export const paragraphChunk = (keyId: string, text = 'Some words.') =>
  JSON.stringify({
    type: 'custom-paragraph',
    key_id: keyId,
    format: '',
    indent: 0,
    direction: 'ltr',
    children: [{ type: 'text', text, format: 1, style: '', detail: 0 }],
  });
