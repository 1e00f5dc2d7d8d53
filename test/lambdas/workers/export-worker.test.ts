import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/workers/export-worker';
import { installHandlerPorts, paragraphChunk, tableItems, USER_ID } from '../../helpers/handler-harness';
import { sqsEvent, sqsRecord } from '../../helpers/sqs-event';

const message = { user_id: USER_ID, story_id: 's1', job_id: 'job-1', type: 'pdf', layout: 'manuscript' };

describe('export worker', () => {
  let harness: ReturnType<typeof installHandlerPorts>;

  beforeEach(() => {
    harness = installHandlerPorts();
    harness.ownStory('s1', { title: 'The Lantern Road' });
    harness.documentClient
      .on(GetCommand, { Key: { PK: `USER#${USER_ID}`, SK: 'PROFILE' } })
      .resolves({ Item: { userId: USER_ID, name: 'Ada Quill', email: 'ada@example.com' } });
    const chapter = tableItems.chapter('s1', 'c1', 'ready', 'The Crossing');
    harness.chaptersOf('s1', [chapter, tableItems.chapterIndex('s1', ['c1'])]);
    harness.store(chapter);
    harness.contentOf(
      'c1',
      ['k1'],
      [tableItems.block('c1', 'k1', paragraphChunk('k1', 'Lanterns swung over the river.'))],
    );
  });

  afterEach(() => {
    harness.restore();
  });

  const jobIs = (status: string) =>
    harness.documentClient
      .on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'EXPORT#job-1' } })
      .resolves({ Item: { ...message, status, created_at: '', updated_at: '' } });

  it('renders the stored story to a PDF in the exports bucket and marks the job done', async () => {
    jobIs('running');

    const result = await handler(sqsEvent(sqsRecord('m1', message, 'export')));

    expect(result.batchItemFailures).toEqual([]);
    expect(harness.blobs.put).toHaveBeenCalledWith(
      'exports',
      'exports/s1/job-1.pdf',
      expect.any(Uint8Array),
      'application/pdf',
    );
    const body = harness.blobs.put.mock.calls[0]![2];
    expect(Buffer.from(body.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(harness.documentClient).toHaveReceivedCommandWith(UpdateCommand, {
      Key: { PK: 'STORY#s1', SK: 'EXPORT#job-1' },
      ConditionExpression: 'attribute_exists(PK) AND #status = :running',
      ExpressionAttributeValues: expect.objectContaining({
        ':status': 'done',
        ':file': 'exports/s1/job-1.pdf',
      }),
    });
  });

  it('does nothing for a job already finished (a redelivered message)', async () => {
    jobIs('done');

    const result = await handler(sqsEvent(sqsRecord('m1', message, 'export')));

    expect(result.batchItemFailures).toEqual([]);
    expect(harness.blobs.put).not.toHaveBeenCalled();
    expect(harness.documentClient).not.toHaveReceivedCommand(UpdateCommand);
  });

  it('reports a malformed message, and one whose outcome cannot be recorded, so SQS redelivers them', async () => {
    jobIs('running');
    harness.documentClient.on(UpdateCommand).rejects(new Error('DynamoDB unavailable'));

    const result = await handler(
      sqsEvent(
        sqsRecord('malformed', { ...message, type: 'txt' }, 'export'),
        sqsRecord('unrecorded', message, 'export'),
      ),
    );

    expect(result.batchItemFailures).toEqual([
      { itemIdentifier: 'malformed' },
      { itemIdentifier: 'unrecorded' },
    ]);
  });
});
