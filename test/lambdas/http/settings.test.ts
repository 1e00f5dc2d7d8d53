import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as getSettings } from '../../../lambdas/http/settings/get-settings';
import { handler as updateSettings } from '../../../lambdas/http/settings/update-settings';
import { parseBody, testContext } from '../../helpers/api-event';
import { signedInEvent, useHandlerPorts, USER_ID } from '../../helpers/handler-harness';

const owner = `USER#${USER_ID}`;

describe('document settings handlers', () => {
  const harness = useHandlerPorts();

  beforeEach(() => {
    harness.ownStory('s1');
  });

  describe('GET /api/stories/{storyId}/settings', () => {
    it('answers spellcheck and autotab on while the story has no settings item', async () => {
      const result = await getSettings(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ spellcheck: true, autotab: true });
    });

    it('answers the stored settings', async () => {
      harness.documentClient
        .on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'SETTINGS' } })
        .resolves({ Item: { PK: 'STORY#s1', SK: 'SETTINGS', spellcheck: false, autotab: true } });

      const result = await getSettings(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(parseBody(result)).toEqual({ spellcheck: false, autotab: true });
    });

    it("answers 404 for another author's story without reading its settings", async () => {
      const result = await getSettings(
        signedInEvent({ pathParameters: { storyId: 'theirs' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommandWith(GetCommand, {
        Key: { PK: 'STORY#theirs', SK: 'SETTINGS' },
      });
    });
  });

  describe('PUT /api/stories/{storyId}/settings', () => {
    it('stores the settings only while the story exists, and answers them', async () => {
      const result = await updateSettings(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1' },
          body: { spellcheck: false, autotab: false },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ spellcheck: false, autotab: false });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            ConditionCheck: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#s1' },
              ConditionExpression: 'attribute_exists(PK)',
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                PK: 'STORY#s1',
                SK: 'SETTINGS',
                spellcheck: false,
                autotab: false,
              }),
            }),
          },
        ],
      });
    });

    it('answers 400 for settings that are not booleans', async () => {
      const result = await updateSettings(
        signedInEvent({ method: 'PUT', pathParameters: { storyId: 's1' }, body: { spellcheck: 'yes' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(400);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it("answers 404 for another author's story and stores nothing", async () => {
      const result = await updateSettings(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 'theirs' },
          body: { spellcheck: true, autotab: true },
        }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });
  });
});
