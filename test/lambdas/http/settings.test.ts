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
    it('answers spellcheck, autotab and highlighting on while the story has no settings item', async () => {
      const result = await getSettings(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ spellcheck: true, autotab: true, highlight_associations: true });
    });

    it('answers the stored settings, highlighting on for an item saved before that setting existed', async () => {
      harness.documentClient
        .on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'SETTINGS' } })
        .resolves({ Item: { PK: 'STORY#s1', SK: 'SETTINGS', spellcheck: false, autotab: true } });

      const result = await getSettings(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(parseBody(result)).toEqual({ spellcheck: false, autotab: true, highlight_associations: true });
    });

    it('answers highlighting off when the author turned it off', async () => {
      harness.documentClient.on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'SETTINGS' } }).resolves({
        Item: {
          PK: 'STORY#s1',
          SK: 'SETTINGS',
          spellcheck: true,
          autotab: true,
          highlight_associations: false,
        },
      });

      const result = await getSettings(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(parseBody(result)).toEqual({ spellcheck: true, autotab: true, highlight_associations: false });
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
      expect(parseBody(result)).toEqual({ spellcheck: false, autotab: false, highlight_associations: true });
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

    it("keeps the stored highlighting when a spec client's body does not name it", async () => {
      harness.documentClient.on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'SETTINGS' } }).resolves({
        Item: {
          PK: 'STORY#s1',
          SK: 'SETTINGS',
          spellcheck: true,
          autotab: true,
          highlight_associations: false,
        },
      });

      const result = await updateSettings(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1' },
          body: { spellcheck: false, autotab: true },
        }),
        testContext(),
      );

      expect(parseBody(result)).toEqual({ spellcheck: false, autotab: true, highlight_associations: false });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: expect.arrayContaining([
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ highlight_associations: false }),
            }),
          },
        ]),
      });
    });

    it('stores highlighting off when the body says so', async () => {
      const result = await updateSettings(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1' },
          body: { spellcheck: true, autotab: true, highlight_associations: false },
        }),
        testContext(),
      );

      expect(parseBody(result)).toEqual({ spellcheck: true, autotab: true, highlight_associations: false });
    });

    it('answers 400 for settings that are not booleans', async () => {
      const result = await updateSettings(
        signedInEvent({
          method: 'PUT',
          pathParameters: { storyId: 's1' },
          body: { spellcheck: true, autotab: true, highlight_associations: 'no' },
        }),
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
