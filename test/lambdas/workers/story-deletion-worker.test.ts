import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/workers/story-deletion-worker';
import { installHandlerPorts, tableItems } from '../../helpers/handler-harness';
import { sqsEvent, sqsRecord } from '../../helpers/sqs-event';

describe('story deletion worker', () => {
  let harness: ReturnType<typeof installHandlerPorts>;

  beforeEach(() => {
    harness = installHandlerPorts();
  });

  afterEach(() => {
    harness.restore();
  });

  const partition = (partitionKey: string, items: Record<string, unknown>[]) =>
    harness.documentClient
      .on(QueryCommand, { ExpressionAttributeValues: { ':partition': partitionKey } })
      .resolves({ Items: items });

  it('deletes the story partition but its chapter index, then each chapter partition and its images, then the index', async () => {
    harness.documentClient
      .on(QueryCommand, { ExpressionAttributeValues: { ':story': 'STORY#s1', ':chapter': 'CHAPTER' } })
      .resolves({ Items: [tableItems.chapter('s1', 'c1'), tableItems.chapterIndex('s1', ['c1'])] });
    partition('STORY#s1', [
      tableItems.chapter('s1', 'c1'),
      tableItems.chapterIndex('s1', ['c1']),
      { PK: 'STORY#s1', SK: 'SETTINGS' },
      { PK: 'STORY#s1', SK: 'ASSOC#a1' },
    ]);
    partition('CHAPTER#c1', [
      { PK: 'CHAPTER#c1', SK: 'BLOCK#k1' },
      { PK: 'CHAPTER#c1', SK: 'ORDER' },
    ]);

    const result = await handler(sqsEvent(sqsRecord('m1', { story_id: 's1' }, 'story-deletion')));

    expect(result.batchItemFailures).toEqual([]);
    // The index goes last, so a delivery stopped half-way leaves the chapters' ids for the next one.
    expect(harness.documentClient).toHaveReceivedNthCommandWith(BatchWriteCommand, 1, {
      RequestItems: {
        [harness.tableName]: [
          { DeleteRequest: { Key: { PK: 'STORY#s1', SK: 'CHAPTER#c1' } } },
          { DeleteRequest: { Key: { PK: 'STORY#s1', SK: 'SETTINGS' } } },
          { DeleteRequest: { Key: { PK: 'STORY#s1', SK: 'ASSOC#a1' } } },
        ],
      },
    });
    expect(harness.documentClient).toHaveReceivedNthCommandWith(BatchWriteCommand, 2, {
      RequestItems: {
        [harness.tableName]: [
          { DeleteRequest: { Key: { PK: 'CHAPTER#c1', SK: 'BLOCK#k1' } } },
          { DeleteRequest: { Key: { PK: 'CHAPTER#c1', SK: 'ORDER' } } },
        ],
      },
    });
    const lastPass = harness.documentClient.commandCalls(BatchWriteCommand)[2]?.args[0].input;
    expect(lastPass?.RequestItems?.[harness.tableName]).toContainEqual({
      DeleteRequest: { Key: { PK: 'STORY#s1', SK: 'CHAPTERS' } },
    });
    expect(harness.blobs.deletePrefix).toHaveBeenCalledWith('images', 'images/stories/s1/');
  });

  it('retries the deletes DynamoDB leaves unprocessed', async () => {
    const settings = { PK: 'STORY#s1', SK: 'SETTINGS' };
    // Found by the first pass; the last pass (the chapter index) finds the partition empty.
    harness.documentClient
      .on(QueryCommand, { ExpressionAttributeValues: { ':partition': 'STORY#s1' } })
      .resolvesOnce({ Items: [settings] })
      .resolves({ Items: [] });
    harness.documentClient
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [harness.tableName]: [{ DeleteRequest: { Key: settings } }] } })
      .resolves({});

    const result = await handler(sqsEvent(sqsRecord('m1', { story_id: 's1' })));

    expect(result.batchItemFailures).toEqual([]);
    expect(harness.documentClient).toHaveReceivedCommandTimes(BatchWriteCommand, 2);
  });

  it('reports a failed or malformed message so SQS redelivers it, and still handles the others', async () => {
    harness.blobs.deletePrefix.mockRejectedValueOnce(new Error('S3 unavailable'));

    const result = await handler(
      sqsEvent(
        sqsRecord('broken', { story_id: 's1' }),
        sqsRecord('malformed', { nothing: true }),
        sqsRecord('fine', { story_id: 's2' }),
      ),
    );

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'broken' }, { itemIdentifier: 'malformed' }]);
    expect(harness.blobs.deletePrefix).toHaveBeenCalledWith('images', 'images/stories/s2/');
  });
});
