import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/workers/chapter-creation-worker';
import { installHandlerPorts, tableItems } from '../../helpers/handler-harness';
import { sqsEvent, sqsRecord } from '../../helpers/sqs-event';

const record = (messageId: string, body: unknown) => sqsRecord(messageId, body, 'chapter-creation');

describe('chapter creation worker', () => {
  let harness: ReturnType<typeof installHandlerPorts>;

  beforeEach(() => {
    harness = installHandlerPorts();
  });

  afterEach(() => {
    harness.restore();
  });

  const chapter = (chapterId: string, status: 'creating' | 'ready') =>
    harness.documentClient
      .on(GetCommand, { Key: { PK: 'STORY#s1', SK: `CHAPTER#${chapterId}` } })
      .resolves({ Item: tableItems.chapter('s1', chapterId, status) });

  it('writes the first empty paragraph and the order, and marks the chapter ready, in one transaction', async () => {
    chapter('c1', 'creating');

    const result = await handler(sqsEvent(record('m1', { story_id: 's1', chapter_id: 'c1' })));

    expect(result).toEqual({ batchItemFailures: [] });
    const items = harness.documentClient.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]).toEqual({
      Update: expect.objectContaining({
        Key: { PK: 'STORY#s1', SK: 'CHAPTER#c1' },
        ConditionExpression: '#status = :creating',
        ExpressionAttributeValues: expect.objectContaining({ ':ready': 'ready' }),
      }),
    });
    const block = items[1]!.Update!;
    const keyId = block.ExpressionAttributeValues![':key_id'] as string;
    expect(block.Key).toEqual({ PK: 'CHAPTER#c1', SK: `BLOCK#${keyId}` });
    expect(JSON.parse(block.ExpressionAttributeValues![':chunk'] as string)).toMatchObject({
      type: 'custom-paragraph',
      key_id: keyId,
      children: [],
    });
    expect(items[2]).toEqual({
      Put: expect.objectContaining({
        Item: { PK: 'CHAPTER#c1', SK: 'ORDER', entity: 'block-order', key_ids: [keyId], version: 1 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    });
  });

  it('does nothing for a chapter already prepared (a redelivered message) or deleted meanwhile', async () => {
    chapter('ready-one', 'ready');

    const result = await handler(
      sqsEvent(
        record('m1', { story_id: 's1', chapter_id: 'ready-one' }),
        record('m2', { story_id: 's1', chapter_id: 'gone' }),
      ),
    );

    expect(result).toEqual({ batchItemFailures: [] });
    expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('reports only the messages that failed, so SQS redelivers just those', async () => {
    chapter('c1', 'creating');
    chapter('c2', 'creating');
    harness.documentClient.on(TransactWriteCommand).callsFake((input) => {
      if (input.TransactItems[0].Update.Key.SK === 'CHAPTER#c2') throw new Error('DynamoDB is unavailable');
      return {};
    });

    const result = await handler(
      sqsEvent(
        record('m1', { story_id: 's1', chapter_id: 'c1' }),
        record('m2', { story_id: 's1', chapter_id: 'c2' }),
        record('m3', 'not json'),
      ),
    );

    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }] });
  });

  it('reads again after a cancelled transaction, and stops once another delivery has prepared the chapter', async () => {
    harness.documentClient
      .on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'CHAPTER#c1' } })
      .resolvesOnce({ Item: tableItems.chapter('s1', 'c1', 'creating') })
      .resolves({ Item: tableItems.chapter('s1', 'c1', 'ready') });
    harness.documentClient
      .on(TransactWriteCommand)
      .rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {} }));

    const result = await handler(sqsEvent(record('m1', { story_id: 's1', chapter_id: 'c1' })));

    expect(result).toEqual({ batchItemFailures: [] });
    expect(harness.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});
