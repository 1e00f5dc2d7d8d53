import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createChapter } from '../../../lambdas/http/chapters/create-chapter';
import { handler as deleteChapter } from '../../../lambdas/http/chapters/delete-chapter';
import { handler as getChapter } from '../../../lambdas/http/chapters/get-chapter';
import { handler as renameChapter } from '../../../lambdas/http/chapters/rename-chapter';
import { handler as reorderChapters } from '../../../lambdas/http/chapters/reorder-chapters';
import { parseBody, testContext } from '../../helpers/api-event';
import { signedInEvent, tableItems, useHandlerPorts, USER_ID } from '../../helpers/handler-harness';

const owner = `USER#${USER_ID}`;

const cancelled = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
  });

describe('chapter handlers', () => {
  const harness = useHandlerPorts();

  beforeEach(() => {
    harness.ownStory('s1');
  });

  describe('POST /api/stories/{storyId}/chapter', () => {
    it("writes the chapter 'creating' with its place in the index, then asks the worker to prepare it", async () => {
      harness.chaptersOf('s1', [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'], 4)]);

      const result = await createChapter(
        signedInEvent({
          method: 'POST',
          pathParameters: { storyId: 's1' },
          body: { title: 'Chapter 2', place: 2 },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(201);
      const chapter = parseBody(result) as { id: string };
      expect(chapter).toMatchObject({ title: 'Chapter 2', place: 2, status: 'creating', story_id: 's1' });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          { ConditionCheck: expect.objectContaining({ Key: { PK: owner, SK: 'STORY#s1' } }) },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: `CHAPTER#${chapter.id}`, status: 'creating' }),
              ConditionExpression: 'attribute_not_exists(PK)',
            }),
          },
          {
            Update: expect.objectContaining({
              Key: { PK: 'STORY#s1', SK: 'CHAPTERS' },
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: expect.objectContaining({
                ':ids': ['c1', chapter.id],
                ':next': 5,
              }),
            }),
          },
        ],
      });
      expect(harness.queue.send).toHaveBeenCalledWith('chapterCreation', {
        story_id: 's1',
        chapter_id: chapter.id,
      });
    });

    it("names a chapter sent without a title 'Chapter N', N being the count plus one", async () => {
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1'),
        tableItems.chapter('s1', 'c2'),
        tableItems.chapterIndex('s1', ['c1', 'c2']),
      ]);

      const result = await createChapter(
        signedInEvent({ method: 'POST', pathParameters: { storyId: 's1' }, body: { title: '  ' } }),
        testContext(),
      );

      expect(parseBody(result)).toMatchObject({ title: 'Chapter 3', place: 3 });
    });

    it('reads again and retries when another writer changed the chapter index in between', async () => {
      harness.chaptersOf('s1', [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'])]);
      harness.documentClient.on(TransactWriteCommand).rejectsOnce(cancelled()).resolves({});

      const result = await createChapter(
        signedInEvent({ method: 'POST', pathParameters: { storyId: 's1' }, body: {} }),
        testContext(),
      );

      expect(result.statusCode).toBe(201);
      expect(harness.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
      expect(harness.queue.send).toHaveBeenCalledTimes(1);
    });

    it('takes the chapter back out when the worker cannot be asked, and answers an error', async () => {
      // The index as the table holds it: after the first transaction, with the new chapter in it.
      harness.documentClient
        .on(QueryCommand, { ExpressionAttributeValues: { ':story': 'STORY#s1', ':chapter': 'CHAPTER' } })
        .callsFake(() => {
          const written =
            harness.documentClient.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[1]
              ?.Put?.Item;
          return {
            Items: written
              ? [
                  tableItems.chapter('s1', 'c1'),
                  written,
                  tableItems.chapterIndex('s1', ['c1', written.chapter_id], 2),
                ]
              : [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'], 1)],
          };
        });
      harness.queue.send.mockRejectedValue(new Error('SQS is unreachable'));

      const result = await createChapter(
        signedInEvent({ method: 'POST', pathParameters: { storyId: 's1' }, body: {} }),
        testContext(),
      );

      expect(result.statusCode).toBe(500);
      const created = harness.documentClient.commandCalls(TransactWriteCommand)[0]!.args[0].input;
      const chapterKey = created.TransactItems![1]!.Put!.Item!.SK as string;
      expect(harness.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
      expect(harness.documentClient).toHaveReceivedNthCommandWith(TransactWriteCommand, 2, {
        TransactItems: [
          { Delete: expect.objectContaining({ Key: { PK: 'STORY#s1', SK: chapterKey } }) },
          {
            Update: expect.objectContaining({
              Key: { PK: 'STORY#s1', SK: 'CHAPTERS' },
              ExpressionAttributeValues: expect.objectContaining({ ':ids': ['c1'], ':next': 3 }),
            }),
          },
        ],
      });
    });

    it("answers 404 for another author's story and asks no worker", async () => {
      const result = await createChapter(
        signedInEvent({ method: 'POST', pathParameters: { storyId: 'theirs' }, body: {} }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.queue.send).not.toHaveBeenCalled();
    });
  });

  describe('GET /api/stories/{storyId}/chapters/{chapterId}', () => {
    it('answers the chapter with its place', async () => {
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1', 'ready', 'One'),
        tableItems.chapter('s1', 'c2', 'ready', 'Two'),
        tableItems.chapterIndex('s1', ['c2', 'c1']),
      ]);

      const result = await getChapter(
        signedInEvent({ pathParameters: { storyId: 's1', chapterId: 'c1' } }),
        testContext(),
      );

      expect(parseBody(result)).toEqual({
        id: 'c1',
        chapter_id: 'c1',
        story_id: 's1',
        title: 'One',
        place: 2,
        status: 'ready',
        synopsis: null,
        stage: null,
      });
    });

    it('answers 404 for a chapter that is not in the story', async () => {
      harness.chaptersOf('s1', [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'])]);

      const result = await getChapter(
        signedInEvent({ pathParameters: { storyId: 's1', chapterId: 'elsewhere' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
    });
  });

  describe('PUT /api/stories/{storyId}/chapters/{chapterId}', () => {
    it('saves the trimmed title of the chapter object with one conditional update', async () => {
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1', 'ready', 'New Title'),
        tableItems.chapterIndex('s1', ['c1']),
      ]);

      const result = await renameChapter(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1', chapterId: 'c1' },
          body: { id: 'c1', title: '  New Title  ', place: 1 },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
      expect(harness.documentClient).toHaveReceivedCommandWith(UpdateCommand, {
        Key: { PK: 'STORY#s1', SK: 'CHAPTER#c1' },
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: expect.objectContaining({ ':title': 'New Title' }),
      });
    });

    it('answers 400 for a blank title', async () => {
      const result = await renameChapter(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1', chapterId: 'c1' },
          body: { title: ' ' },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({ message: 'Title cannot be blank' });
    });

    it('answers 404 when the chapter is not in the story', async () => {
      harness.documentClient
        .on(UpdateCommand)
        .rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));

      const result = await renameChapter(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1', chapterId: 'nope' },
          body: { title: 'X' },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
    });
  });

  describe('PUT /api/stories/{storyId}/chapters', () => {
    it('writes only the index item, in the new order, conditional on the version read', async () => {
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1'),
        tableItems.chapter('s1', 'c2'),
        tableItems.chapter('s1', 'c3'),
        tableItems.chapterIndex('s1', ['c1', 'c2', 'c3'], 9),
      ]);

      const result = await reorderChapters(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1' },
          body: [
            { id: 'c3', title: 'c3', place: 1 },
            { id: 'c1', title: 'c1', place: 2 },
            { id: 'c2', title: 'c2', place: 3 },
          ],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
      expect(
        (parseBody(result) as { id: string; place: number }[]).map((chapter) => [chapter.id, chapter.place]),
      ).toEqual([
        ['c3', 1],
        ['c1', 2],
        ['c2', 3],
      ]);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Update: expect.objectContaining({
              Key: { PK: 'STORY#s1', SK: 'CHAPTERS' },
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: {
                ':version': 9,
                ':entity': 'chapter-index',
                ':story': 's1',
                ':ids': ['c3', 'c1', 'c2'],
                ':next': 10,
              },
            }),
          },
        ],
      });
    });

    it('answers 404 when the list names a chapter the story does not have', async () => {
      harness.chaptersOf('s1', [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'])]);

      const result = await reorderChapters(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1' },
          body: [{ id: 'other', place: 1 }],
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });
  });

  describe('DELETE /api/stories/{storyId}/chapter/{chapterId}', () => {
    it('moves the chapter into the trash with its index entry in one transaction, keeping its paragraphs', async () => {
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1'),
        tableItems.chapter('s1', 'c2'),
        tableItems.chapterIndex('s1', ['c1', 'c2'], 2),
      ]);

      const result = await deleteChapter(
        signedInEvent({ method: 'DELETE', pathParameters: { storyId: 's1', chapterId: 'c2' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          { Delete: expect.objectContaining({ Key: { PK: 'STORY#s1', SK: 'CHAPTER#c2' } }) },
          {
            Update: expect.objectContaining({
              ExpressionAttributeValues: expect.objectContaining({ ':ids': ['c1'], ':next': 3 }),
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'TRASH#CHAPTER#s1#c2', place: 2 }),
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ kind: 'chapter', chapter_id: 'c2' }),
            }),
          },
        ],
      });
      expect(harness.documentClient).not.toHaveReceivedCommand(BatchWriteCommand);
    });

    it("answers 409 with the spec's message for the story's only chapter, and deletes nothing", async () => {
      harness.chaptersOf('s1', [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'])]);

      const result = await deleteChapter(
        signedInEvent({ method: 'DELETE', pathParameters: { storyId: 's1', chapterId: 'c1' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(409);
      expect(parseBody(result)).toEqual({
        error: 'only_chapter',
        message: "You cannot delete a story's only chapter.",
      });
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
      expect(harness.documentClient).not.toHaveReceivedCommand(BatchWriteCommand);
    });

    it('answers 404 for a chapter that is not in the story', async () => {
      harness.chaptersOf('s1', [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'])]);

      const result = await deleteChapter(
        signedInEvent({ method: 'DELETE', pathParameters: { storyId: 's1', chapterId: 'nope' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
    });
  });
});
