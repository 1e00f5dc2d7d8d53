import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/http/associations/delete-associations';
import { testContext } from '../../../helpers/api-event';
import { signedInEvent } from '../../../helpers/handler-harness';
import { installForEachTest, installTestPorts } from '../../../helpers/ports';
import {
  arrangeAuthorWithStory,
  arrangeOtherAuthor,
  associationKey,
  countKey,
  MemoryBlobStore,
  STORY_ID,
} from './association-fixtures';

describe('DELETE /api/stories/{storyId}/associations', () => {
  let blobs: MemoryBlobStore;
  const testPorts = installForEachTest(() => {
    blobs = new MemoryBlobStore();
    return installTestPorts({ blobs });
  });

  const deleteRequest = (body: unknown) =>
    signedInEvent({
      method: 'DELETE',
      path: `/api/stories/${STORY_ID}/associations`,
      pathParameters: { storyId: STORY_ID },
      body,
    });

  it('deletes each association and counts it out in one transaction, then answers 204', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).resolves({});

    const result = await handler(
      deleteRequest([{ association_id: 'frodo', association_name: 'Frodo' }, { association_id: 'sam' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(204);
    const transactions = testPorts.documentClient
      .commandCalls(TransactWriteCommand)
      .map((call) => call.args[0].input.TransactItems!);
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).toEqual([
      expect.objectContaining({ Delete: expect.objectContaining({ Key: associationKey('frodo') }) }),
      expect.objectContaining({
        Update: expect.objectContaining({ Key: countKey, ExpressionAttributeValues: { ':change': -1 } }),
      }),
    ]);
  });

  it('deletes every portrait image of each deleted association and nothing of the others', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).resolves({});
    blobs.objects.set('images/stories/story-1/associations/frodo-1.png', {
      body: new Uint8Array(),
      contentType: 'image/png',
    });
    blobs.objects.set('images/stories/story-1/associations/frodo-2-thumb.png', {
      body: new Uint8Array(),
      contentType: 'image/png',
    });
    blobs.objects.set('images/stories/story-1/associations/sam-1.png', {
      body: new Uint8Array(),
      contentType: 'image/png',
    });

    await handler(deleteRequest([{ association_id: 'frodo' }]), testContext());

    expect([...blobs.objects.keys()]).toEqual(['images/stories/story-1/associations/sam-1.png']);
  });

  it('skips an association that is already gone, so a retried request succeeds', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    const result = await handler(deleteRequest([{ association_id: 'frodo' }]), testContext());

    expect(result.statusCode).toBe(204);
  });

  it('answers 404 for another author’s story and deletes nothing', async () => {
    arrangeOtherAuthor(testPorts);

    const result = await handler(deleteRequest([{ association_id: 'frodo' }]), testContext());

    expect(result.statusCode).toBe(404);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    expect(blobs.deletedPrefixes).toEqual([]);
  });
});
