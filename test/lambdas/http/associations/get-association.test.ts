import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/http/associations/get-association';
import { parseBody, testContext } from '../../../helpers/api-event';
import { signedInEvent } from '../../../helpers/handler-harness';
import { installForEachTest, installTestPorts } from '../../../helpers/ports';
import {
  ASSOCIATION_ID,
  arrangeAuthorWithStory,
  arrangeOtherAuthor,
  associationItem,
  associationKey,
  STORY_ID,
} from './association-fixtures';

describe('GET /api/stories/{storyId}/associations/{associationId}', () => {
  const testPorts = installForEachTest(installTestPorts);

  const getRequest = (associationId = ASSOCIATION_ID) =>
    signedInEvent({
      path: `/api/stories/${STORY_ID}/associations/${associationId}`,
      pathParameters: { storyId: STORY_ID, associationId },
    });

  it('answers the association with its background in details', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient
      .on(GetCommand, { Key: associationKey(ASSOCIATION_ID) })
      .resolves({ Item: associationItem() });

    const result = await handler(getRequest(), testContext());

    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual({
      association_id: ASSOCIATION_ID,
      association_name: 'Frodo',
      association_type: 'character',
      aliases: 'Mr. Underhill',
      case_sensitive: true,
      short_description: 'A hobbit of the Shire.',
      portrait: '/images/defaults/portraits/character.svg',
      thumbnail: '/images/defaults/portraits/character.svg',
      scope: 'story',
      details: { extended_description: 'Bilbo’s heir.' },
      facts: [],
    });
  });

  it('answers 404 for an association the story does not have', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(getRequest('missing'), testContext());

    expect(result.statusCode).toBe(404);
  });

  it('answers 404 for another author’s story without reading the association', async () => {
    arrangeOtherAuthor(testPorts);

    const result = await handler(getRequest(), testContext());

    expect(result.statusCode).toBe(404);
    expect(testPorts.documentClient).not.toHaveReceivedCommandWith(GetCommand, {
      Key: associationKey(ASSOCIATION_ID),
    });
  });

  it('answers 400 for an id that could reach into another key', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(getRequest('a#b'), testContext());

    expect(result.statusCode).toBe(400);
  });
});
