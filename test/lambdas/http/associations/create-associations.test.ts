import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/http/associations/create-associations';
import { parseBody, testContext } from '../../../helpers/api-event';
import { signedInEvent } from '../../../helpers/handler-harness';
import { installForEachTest, installTestPorts, TEST_NOW } from '../../../helpers/ports';
import {
  arrangeAuthorWithStory,
  arrangeOtherAuthor,
  countKey,
  ownedStoryKey,
  STORY_ID,
} from './association-fixtures';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('POST /api/stories/{storyId}/associations', () => {
  const testPorts = installForEachTest(installTestPorts);

  const createRequest = (body: unknown) =>
    signedInEvent({
      method: 'POST',
      path: `/api/stories/${STORY_ID}/associations`,
      pathParameters: { storyId: STORY_ID },
      body,
    });

  it('answers 201 with each created association, its new id, case sensitivity on and the default portrait', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).resolves({});

    const result = await handler(
      createRequest([{ association_name: ' Samwise ', association_type: 'character' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(201);
    expect(parseBody(result)).toEqual([
      {
        association_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        association_name: 'Samwise',
        association_type: 'character',
        aliases: '',
        case_sensitive: true,
        short_description: '',
        portrait: '/images/defaults/portraits/character.svg',
        thumbnail: '/images/defaults/portraits/character.svg',
        scope: 'story',
        details: { extended_description: '' },
      },
    ]);
  });

  it('drops entries with blank names and stores the rest in one transaction with the count and a story check', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).resolves({});

    await handler(
      createRequest([
        { association_name: '  ', association_type: 'place' },
        { association_name: 'Bree', association_type: 'place', case_sensitive: false },
        { association_type: 'item' },
      ]),
      testContext(),
    );

    expect(testPorts.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    const [items] = testPorts.documentClient
      .commandCalls(TransactWriteCommand)
      .map((call) => call.args[0].input.TransactItems!);
    expect(items).toHaveLength(3);
    expect(items![0]!.Update).toMatchObject({ Key: countKey, ExpressionAttributeValues: { ':added': 1 } });
    expect(items![1]!.ConditionCheck).toMatchObject({
      Key: ownedStoryKey,
      ConditionExpression: 'attribute_exists(PK)',
    });
    expect(items![2]!.Put).toMatchObject({
      Item: {
        PK: `STORY#${STORY_ID}`,
        SK: expect.stringMatching(/^ASSOC#/),
        association_name: 'Bree',
        case_sensitive: false,
        created_at: TEST_NOW.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('makes the free account’s limit a condition on the count: at most 4 before adding one', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).resolves({});

    await handler(createRequest([{ association_name: 'Bree', association_type: 'place' }]), testContext());

    const [items] = testPorts.documentClient
      .commandCalls(TransactWriteCommand)
      .map((call) => call.args[0].input.TransactItems!);
    expect(items![0]!.Update).toMatchObject({
      ConditionExpression: 'attribute_not_exists(association_count) OR association_count <= :most',
      ExpressionAttributeValues: { ':added': 1, ':most': 4 },
    });
  });

  it('puts no limit on a subscriber’s count', async () => {
    arrangeAuthorWithStory(testPorts, { subscriptionId: 'sub_123' });
    testPorts.documentClient.on(TransactWriteCommand).resolves({});

    await handler(createRequest([{ association_name: 'Bree', association_type: 'place' }]), testContext());

    const [items] = testPorts.documentClient
      .commandCalls(TransactWriteCommand)
      .map((call) => call.args[0].input.TransactItems!);
    expect(items![0]!.Update!.ConditionExpression).toBeUndefined();
  });

  it('answers 401 with the spec’s message when the count condition fails for a free account', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));

    const result = await handler(
      createRequest([{ association_name: 'Bree', association_type: 'place' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(401);
    expect(parseBody(result)).toEqual({
      error: 'subscription_required',
      message: 'Free accounts are limited to 5 associations per story.',
    });
  });

  it('answers 401 without writing when a free account sends more than 5 at once', async () => {
    arrangeAuthorWithStory(testPorts);
    const six = Array.from({ length: 6 }, (_, index) => ({
      association_name: `Hobbit ${index}`,
      association_type: 'character',
    }));

    const result = await handler(createRequest(six), testContext());

    expect(result.statusCode).toBe(401);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('retries a transaction that collided with another write to the count', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None', 'None'))
      .resolves({});

    const result = await handler(
      createRequest([{ association_name: 'Bree', association_type: 'place' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(201);
    expect(testPorts.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
  });

  it('answers 404 when the story was deleted between the ownership check and the write', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));

    const result = await handler(
      createRequest([{ association_name: 'Bree', association_type: 'place' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(404);
  });

  it.each([
    ['repeats the name', { association_name: 'Frodo', aliases: 'Mr. Underhill, Frodo' }],
    [
      'repeats the name in another case (not case-sensitive)',
      { association_name: 'Frodo', aliases: 'FRODO', case_sensitive: false },
    ],
    ['repeats an alias', { association_name: 'Frodo', aliases: 'Ring-bearer, Ring-bearer ' }],
  ])('answers 400 with the spec’s message when an alias %s', async (_, fields) => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(
      createRequest([{ association_type: 'character', ...fields }]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({
      message: 'Aliases cannot contain the original name or any duplicates.',
    });
    expect(testPorts.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('accepts an alias differing from the name only in case when the association is case-sensitive', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(TransactWriteCommand).resolves({});

    const result = await handler(
      createRequest([{ association_name: 'Frodo', aliases: 'FRODO', association_type: 'character' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(201);
  });

  it('answers 400 for a summary over 200 bytes of UTF-8, even when under 200 characters', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(
      createRequest([
        { association_name: 'Zoë', association_type: 'character', short_description: 'é'.repeat(101) },
      ]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({ message: 'A summary may be at most 200 bytes (UTF-8).' });
  });

  it('answers 400 for an unknown association type', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(
      createRequest([{ association_name: 'Bree', association_type: 'planet' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(400);
  });

  it('answers an empty list without writing when every name is blank', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(
      createRequest([{ association_name: '', association_type: 'place' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(201);
    expect(parseBody(result)).toEqual([]);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 404 for another author’s story without writing', async () => {
    arrangeOtherAuthor(testPorts);

    const result = await handler(
      createRequest([{ association_name: 'Bree', association_type: 'place' }]),
      testContext(),
    );

    expect(result.statusCode).toBe(404);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
  });
});
