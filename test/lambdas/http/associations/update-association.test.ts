import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/http/associations/update-association';
import { parseBody, testContext } from '../../../helpers/api-event';
import { signedInEvent } from '../../../helpers/handler-harness';
import { installForEachTest, installTestPorts, TEST_NOW } from '../../../helpers/ports';
import {
  ASSOCIATION_ID,
  arrangeAuthorWithStory,
  arrangeOtherAuthor,
  associationItem,
  associationKey,
  STORY_ID,
} from './association-fixtures';

describe('PUT /api/stories/{storyId}/associations', () => {
  const testPorts = installForEachTest(installTestPorts);

  const updateRequest = (body: unknown) =>
    signedInEvent({
      method: 'PUT',
      path: `/api/stories/${STORY_ID}/associations`,
      pathParameters: { storyId: STORY_ID },
      body,
    });

  const arrangeStoredAssociation = () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient
      .on(GetCommand, { Key: associationKey(ASSOCIATION_ID) })
      .resolves({ Item: associationItem() });
  };

  it('changes the fields sent, keeps the others and answers the stored association in an array', async () => {
    arrangeStoredAssociation();
    testPorts.documentClient.on(UpdateCommand).resolves({
      Attributes: associationItem({ short_description: 'Ring-bearer.', updated_at: TEST_NOW.toISOString() }),
    });

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID, short_description: 'Ring-bearer.' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual([
      expect.objectContaining({ association_id: ASSOCIATION_ID, short_description: 'Ring-bearer.' }),
    ]);
    const [update] = testPorts.documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(update).toMatchObject({
      Key: associationKey(ASSOCIATION_ID),
      ConditionExpression: 'attribute_exists(PK)',
    });
    expect(Object.values(update!.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining(['Frodo', 'character', 'Mr. Underhill', true, 'Ring-bearer.', 'Bilbo’s heir.']),
    );
  });

  it('never writes the portrait: it changes only by upload', async () => {
    arrangeStoredAssociation();
    testPorts.documentClient.on(UpdateCommand).resolves({ Attributes: associationItem() });

    await handler(
      updateRequest([
        { association_id: ASSOCIATION_ID, portrait: '/images/elsewhere.png', aliases: 'Underhill' },
      ]),
      testContext(),
    );

    const [update] = testPorts.documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(Object.values(update!.ExpressionAttributeNames!)).not.toContain('portrait_key');
    expect(Object.values(update!.ExpressionAttributeValues!)).not.toContain('/images/elsewhere.png');
  });

  it('answers 400 with the spec’s message when the new aliases repeat the stored name', async () => {
    arrangeStoredAssociation();

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID, aliases: 'Frodo' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({
      message: 'Aliases cannot contain the original name or any duplicates.',
    });
    expect(testPorts.documentClient).not.toHaveReceivedCommand(UpdateCommand);
  });

  it('judges aliases with the case sensitivity sent in the same change', async () => {
    arrangeStoredAssociation();

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID, aliases: 'FRODO', case_sensitive: false }]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
  });

  it('answers 400 unless the array holds exactly one association', async () => {
    arrangeStoredAssociation();

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID }, { association_id: 'association-2' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
  });

  it('answers 400 for a blank name', async () => {
    arrangeStoredAssociation();

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID, association_name: '  ' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
  });

  it('answers 404 for an association that does not exist', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(updateRequest([{ association_id: 'missing', aliases: 'x' }]), testContext());

    expect(result.statusCode).toBe(404);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(UpdateCommand);
  });

  it('answers 404 when the association is deleted before the write', async () => {
    arrangeStoredAssociation();
    testPorts.documentClient
      .on(UpdateCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID, aliases: 'x' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(404);
  });

  it('answers 404 for another author’s story', async () => {
    arrangeOtherAuthor(testPorts);

    const result = await handler(
      updateRequest([{ association_id: ASSOCIATION_ID, aliases: 'x' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(404);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(UpdateCommand);
  });
});
