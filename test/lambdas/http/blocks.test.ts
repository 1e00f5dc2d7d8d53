import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as deleteBlocks } from '../../../lambdas/http/blocks/delete-blocks';
import { handler as getChapterContent } from '../../../lambdas/http/blocks/get-chapter-content';
import { handler as reorderBlocks } from '../../../lambdas/http/blocks/reorder-blocks';
import { handler as saveBlocks } from '../../../lambdas/http/blocks/save-blocks';
import { parseBody, testContext } from '../../helpers/api-event';
import {
  paragraphChunk,
  signedInEvent,
  tableItems,
  USER_ID,
  useHandlerPorts,
} from '../../helpers/handler-harness';

/**
 * Every content write checks the chapter is ready, gives it a new content stamp (the text cache's key) and its
 * last edit, and adds the change in words to the chapter's count.
 */
const contentChange = (words: number) => ({
  Update: expect.objectContaining({
    Key: { PK: 'STORY#s1', SK: 'CHAPTER#c1' },
    UpdateExpression: 'SET content_stamp = :stamp, edited_at = :at ADD word_count :words',
    ConditionExpression: '#status = :ready',
    ExpressionAttributeValues: expect.objectContaining({ ':words': words }),
  }),
});

/** The author's words of TEST_NOW's day (UTC: the caller has sent no time zone) change by `change`. */
const wordsOfTheDay = (change: number) => ({
  Update: expect.objectContaining({
    Key: { PK: `USER#${USER_ID}`, SK: 'WORDS#2026-11-21' },
    UpdateExpression: expect.stringContaining('ADD #words :change'),
    ExpressionAttributeValues: expect.objectContaining({ ':change': change }),
  }),
});

describe('chapter content handlers', () => {
  const harness = useHandlerPorts();

  beforeEach(() => {
    harness.ownStory('s1');
  });

  const chapter = (status: 'creating' | 'ready') => harness.store(tableItems.chapter('s1', 'c1', status));

  const order = (keyIds: string[], version = 1) => harness.store(tableItems.order('c1', keyIds, version));

  const write = (method: 'PUT' | 'DELETE', body: unknown) =>
    signedInEvent({ method, pathParameters: { storyId: 's1' }, body });

  describe('GET /api/stories/{storyId}/content?chapter=', () => {
    it('answers the paragraphs in the stored order, read by their keys, and no next page', async () => {
      chapter('ready');
      harness.contentOf(
        'c1',
        ['b', 'a'],
        [tableItems.block('c1', 'a', paragraphChunk('a')), tableItems.block('c1', 'b', paragraphChunk('b'))],
      );

      const result = await getChapterContent(
        signedInEvent({ pathParameters: { storyId: 's1' }, query: { chapter: 'c1' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({
        items: [
          // Stored before paragraphs had revisions: revision 0.
          {
            key_id: { Value: 'b' },
            chunk: { Value: paragraphChunk('b') },
            place: { Value: '0' },
            revision: 0,
          },
          {
            key_id: { Value: 'a' },
            chunk: { Value: paragraphChunk('a') },
            place: { Value: '1' },
            revision: 0,
          },
        ],
      });
    });

    it('gives the first page the chapter’s content stamp, and answers 204 without reading the order while it stands', async () => {
      harness.store({ ...tableItems.chapter('s1', 'c1', 'ready'), content_stamp: 'stamp-1' });
      harness.contentOf('c1', ['a'], [tableItems.block('c1', 'a', paragraphChunk('a'))]);
      const read = (stamp?: string) =>
        getChapterContent(
          signedInEvent({
            pathParameters: { storyId: 's1' },
            query: { chapter: 'c1', ...(stamp === undefined ? {} : { stamp }) },
          }),
          testContext(),
        );

      const first = await read();
      harness.documentClient.resetHistory();
      const unchanged = await read('stamp-1');
      const readsTheOrder = () =>
        JSON.stringify(harness.documentClient.calls().map((call) => call.args[0].input)).includes('"ORDER"');
      const unchangedReadTheOrder = readsTheOrder();
      const changed = await read('stamp-0');

      expect(first.statusCode).toBe(200);
      expect(parseBody(first)).toMatchObject({ stamp: 'stamp-1', items: [{ key_id: { Value: 'a' } }] });
      expect({
        status: unchanged.statusCode,
        body: unchanged.body,
        readTheOrder: unchangedReadTheOrder,
      }).toEqual({
        status: 204,
        body: undefined,
        readTheOrder: false,
      });
      expect(readsTheOrder()).toBe(true);
      expect(parseBody(changed)).toMatchObject({ stamp: 'stamp-1', items: [{ key_id: { Value: 'a' } }] });
    });

    it('answers 501 while the chapter is being created', async () => {
      chapter('creating');

      const result = await getChapterContent(
        signedInEvent({ pathParameters: { storyId: 's1' }, query: { chapter: 'c1' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(501);
      expect(parseBody(result)).toMatchObject({ error: 'chapter_being_created' });
      expect(harness.documentClient).not.toHaveReceivedCommand(QueryCommand);
    });

    it('answers 404 for a chapter that is not in the story', async () => {
      const result = await getChapterContent(
        signedInEvent({ pathParameters: { storyId: 's1' }, query: { chapter: 'c9' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
    });

    it('answers 400 without a chapter', async () => {
      const result = await getChapterContent(
        signedInEvent({ pathParameters: { storyId: 's1' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(400);
    });
  });

  describe('PUT /api/stories/{storyId} (block save)', () => {
    it('writes one item for an existing paragraph, in a transaction that checks the chapter is ready and adds the change in words to the author’s day', async () => {
      chapter('ready');
      harness.contentOf(
        'c1',
        ['a', 'b'],
        [tableItems.block('c1', 'a', paragraphChunk('a', 'Three stored words.'))],
      );
      order(['a', 'b']);
      const chunk = paragraphChunk('a', 'Edited.');

      const result = await saveBlocks(
        write('PUT', { story_id: 's1', chapter_id: 'c1', blocks: [{ key_id: 'a', chunk, place: '0' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          contentChange(-2),
          {
            Update: expect.objectContaining({
              Key: { PK: 'CHAPTER#c1', SK: 'BLOCK#a' },
              UpdateExpression: expect.stringContaining('ADD #revision :one'),
              ExpressionAttributeValues: expect.objectContaining({ ':key_id': 'a', ':chunk': chunk }),
            }),
          },
          wordsOfTheDay(-2),
        ],
      });
    });

    it('writes a paragraph sent with its base revision only if the stored one is still there and at it, so two copies of one save in flight count its words once', async () => {
      chapter('ready');
      order(['a']);
      harness.store({ ...tableItems.block('c1', 'a', paragraphChunk('a', 'Stored.')), revision: 4 });

      await saveBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: [{ key_id: 'a', chunk: paragraphChunk('a'), base_revision: 4 }],
        }),
        testContext(),
      );

      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          contentChange(1),
          {
            Update: expect.objectContaining({
              ConditionExpression: 'attribute_exists(PK) AND (#revision = :expected)',
              UpdateExpression: expect.stringContaining('#revision = :next'),
              ExpressionAttributeValues: expect.objectContaining({ ':expected': 4, ':next': 5 }),
            }),
          },
          wordsOfTheDay(1),
        ],
      });
    });

    it('lets a save repeated after its answer was lost succeed again, counting no words', async () => {
      chapter('ready');
      order(['a']);
      harness.store({ ...tableItems.block('c1', 'a', paragraphChunk('a')), revision: 5 });

      const result = await saveBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: [{ key_id: 'a', chunk: paragraphChunk('a'), base_revision: 4 }],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          contentChange(0),
          {
            Update: expect.objectContaining({
              ConditionExpression:
                'attribute_exists(PK) AND ((#revision = :expected) OR (#revision = :next AND #chunk = :chunk))',
            }),
          },
        ],
      });
    });

    it('answers 409 chapter_changed, writing nothing, when the stored paragraph is past its base revision', async () => {
      chapter('ready');
      order(['a']);
      harness.store({ ...tableItems.block('c1', 'a', paragraphChunk('a')), revision: 2 });

      const result = await saveBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: [{ key_id: 'a', chunk: paragraphChunk('a', 'Edited.'), base_revision: 1 }],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(409);
      expect(parseBody(result)).toMatchObject({ error: 'chapter_changed' });
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it('reads again when the paragraph changes between its read and the transaction, and answers 409 chapter_changed', async () => {
      chapter('ready');
      order(['a']);
      harness.store({ ...tableItems.block('c1', 'a', paragraphChunk('a')), revision: 1 });
      harness.documentClient.on(TransactWriteCommand).callsFake(() => {
        // Another window's save lands first.
        harness.store({ ...tableItems.block('c1', 'a', paragraphChunk('a', 'Theirs.')), revision: 2 });
        throw new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
        });
      });

      const result = await saveBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: [{ key_id: 'a', chunk: paragraphChunk('a', 'Mine.'), base_revision: 1 }],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(409);
      expect(parseBody(result)).toMatchObject({ error: 'chapter_changed' });
      expect(harness.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
      expect(harness.documentClient).toHaveReceivedCommandTimes(BatchGetCommand, 2);
    });

    it('reads the order only for a paragraph new to the chapter', async () => {
      chapter('ready');
      order(['a']);
      harness.store(tableItems.block('c1', 'a', paragraphChunk('a')));

      await saveBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'a', chunk: paragraphChunk('a', 'Edited.') }] }),
        testContext(),
      );
      const orderKey = { PK: 'CHAPTER#c1', SK: 'ORDER' };
      const askedForOrder = () =>
        harness.documentClient
          .commandCalls(BatchGetCommand)
          .some((call) => JSON.stringify(call.args[0].input).includes('"SK":"ORDER"')) ||
        harness.documentClient.commandCalls(GetCommand, { Key: orderKey }).length > 0;
      expect(askedForOrder()).toBe(false);

      await saveBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'b', chunk: paragraphChunk('b'), place: '1' }] }),
        testContext(),
      );
      expect(askedForOrder()).toBe(true);
    });

    it('inserts a new paragraph into the order at its place, in the same transaction', async () => {
      chapter('ready');
      order(['a', 'b'], 3);

      await saveBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: [{ key_id: 'new', chunk: paragraphChunk('new'), place: '1' }],
        }),
        testContext(),
      );

      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          contentChange(2),
          { Update: expect.objectContaining({ Key: { PK: 'CHAPTER#c1', SK: 'BLOCK#new' } }) },
          {
            Put: expect.objectContaining({
              Item: {
                PK: 'CHAPTER#c1',
                SK: 'ORDER',
                entity: 'block-order',
                key_ids: ['a', 'new', 'b'],
                version: 4,
              },
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': 3 },
            }),
          },
          wordsOfTheDay(2),
        ],
      });
    });

    it('answers 501 and stores nothing while the chapter is being created', async () => {
      chapter('creating');

      const result = await saveBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'a', chunk: paragraphChunk('a'), place: '0' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(501);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it('answers 404 for a chapter_id that is not in the story of the path', async () => {
      const result = await saveBlocks(
        write('PUT', { chapter_id: 'c9', blocks: [{ key_id: 'a', chunk: paragraphChunk('a'), place: '0' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).toHaveReceivedCommandWith(BatchGetCommand, {
        RequestItems: {
          [harness.tableName]: expect.objectContaining({
            Keys: expect.arrayContaining([{ PK: 'STORY#s1', SK: 'CHAPTER#c9' }]),
          }),
        },
      });
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it('answers 400 for a story_id in the body that is not the story of the path', async () => {
      const result = await saveBlocks(
        write('PUT', {
          story_id: 's2',
          chapter_id: 'c1',
          blocks: [{ key_id: 'a', chunk: paragraphChunk('a'), place: '0' }],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(400);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it('answers 400 for a malformed paragraph', async () => {
      const result = await saveBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'a', chunk: '{"type":"custom-paragraph"}' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({
        message: 'A paragraph must be a custom-paragraph JSON object.',
        details: [{ path: 'body.blocks.0.chunk' }],
      });
    });

    it('splits a large save into transactions of at most 100 items, each checking the chapter and counting its words', async () => {
      chapter('ready');
      const keyIds = Array.from({ length: 150 }, (_, index) => `k${index}`);
      order(keyIds);

      const result = await saveBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: keyIds.map((keyId, place) => ({ key_id: keyId, chunk: paragraphChunk(keyId), place })),
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      const transactions = harness.documentClient.commandCalls(TransactWriteCommand);
      // 97 paragraphs, then 53, each transaction with the chapter check and the day's words.
      expect(transactions.map((call) => call.args[0].input.TransactItems!.length)).toEqual([99, 55]);
      // Two words a paragraph ('Some words.'), none of them stored before.
      expect(transactions.map((call) => call.args[0].input.TransactItems![0])).toEqual([
        contentChange(194),
        contentChange(106),
      ]);
    });

    it('reads the order again and retries when another save changed it in between', async () => {
      chapter('ready');
      order(['a']);
      harness.documentClient
        .on(TransactWriteCommand)
        .rejectsOnce(new TransactionCanceledException({ message: 'cancelled', $metadata: {} }))
        .resolves({});

      const result = await saveBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'b', chunk: paragraphChunk('b'), place: '1' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
      expect(harness.documentClient).toHaveReceivedCommandWith(GetCommand, {
        Key: { PK: 'CHAPTER#c1', SK: 'ORDER' },
      });
    });
  });

  describe('DELETE /api/stories/{storyId}/block', () => {
    it('deletes the paragraphs, removes them from the order and takes their words off the author’s day in one transaction', async () => {
      chapter('ready');
      harness.contentOf('c1', ['a', 'b', 'c'], [tableItems.block('c1', 'b', paragraphChunk('b'))]);
      order(['a', 'b', 'c'], 2);

      const result = await deleteBlocks(
        write('DELETE', { story_id: 's1', chapter_id: 'c1', blocks: [{ key_id: 'b', chunk: 'ignored' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          contentChange(-2),
          { Delete: expect.objectContaining({ Key: { PK: 'CHAPTER#c1', SK: 'BLOCK#b' } }) },
          {
            Put: expect.objectContaining({
              Item: { PK: 'CHAPTER#c1', SK: 'ORDER', entity: 'block-order', key_ids: ['a', 'c'], version: 3 },
            }),
          },
          wordsOfTheDay(-2),
        ],
      });
    });

    it('answers 501 and deletes nothing while the chapter is being created', async () => {
      chapter('creating');

      const result = await deleteBlocks(
        write('DELETE', { chapter_id: 'c1', blocks: [{ key_id: 'b' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(501);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });
  });

  describe('PUT /api/stories/{storyId}/orderMap', () => {
    it('moves one paragraph by writing the order item alone', async () => {
      chapter('ready');
      order(['a', 'b', 'c', 'd'], 5);

      const result = await reorderBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'd', place: '1' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          contentChange(0),
          {
            Put: expect.objectContaining({
              Item: {
                PK: 'CHAPTER#c1',
                SK: 'ORDER',
                entity: 'block-order',
                key_ids: ['a', 'd', 'b', 'c'],
                version: 6,
              },
              ConditionExpression: 'version = :version',
            }),
          },
        ],
      });
    });

    it('writes nothing when the order is already as sent', async () => {
      chapter('ready');
      order(['a', 'b']);

      const result = await reorderBlocks(
        write('PUT', {
          chapter_id: 'c1',
          blocks: [
            { key_id: 'a', place: '0' },
            { key_id: 'b', place: '1' },
            { key_id: 'deleted-meanwhile', place: '2' },
          ],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it('answers 501 while the chapter is being created', async () => {
      chapter('creating');

      const result = await reorderBlocks(
        write('PUT', { chapter_id: 'c1', blocks: [{ key_id: 'a', place: '0' }] }),
        testContext(),
      );

      expect(result.statusCode).toBe(501);
    });

    it("answers 404 for another author's story", async () => {
      const result = await reorderBlocks(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 'theirs' },
          body: { chapter_id: 'c1', blocks: [{ key_id: 'a', place: '0' }] },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommandWith(GetCommand, {
        Key: { PK: 'STORY#theirs', SK: 'CHAPTER#c1' },
      });
    });
  });
});
