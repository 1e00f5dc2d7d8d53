import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/http/associations/list-association-thumbs';
import { parseBody, testContext } from '../../../helpers/api-event';
import { signedInEvent } from '../../../helpers/handler-harness';
import { installForEachTest, installTestPorts } from '../../../helpers/ports';
import {
  arrangeAuthorWithStory,
  arrangeOtherAuthor,
  associationItem,
  STORY_ID,
  storyPartition,
} from './association-fixtures';

describe('GET /api/stories/{storyId}/associations/thumbs', () => {
  const testPorts = installForEachTest(installTestPorts);

  const listRequest = () =>
    signedInEvent({
      path: `/api/stories/${STORY_ID}/associations/thumbs`,
      pathParameters: { storyId: STORY_ID },
    });

  it('lists the story’s associations oldest first, with the default portrait of each type when none was uploaded', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(QueryCommand).resolves({
      Items: [
        associationItem({
          association_id: 'ring',
          association_name: 'The One Ring',
          association_type: 'item',
          created_at: '2026-11-02T00:00:00.000Z',
        }),
        associationItem(),
      ],
    });

    const result = await handler(listRequest(), testContext());

    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual([
      {
        association_id: 'association-1',
        association_name: 'Frodo',
        association_type: 'character',
        aliases: 'Mr. Underhill',
        case_sensitive: true,
        short_description: 'A hobbit of the Shire.',
        portrait: '/images/defaults/portraits/character.svg',
        thumbnail: '/images/defaults/portraits/character.svg',
        scope: 'story',
      },
      expect.objectContaining({ association_id: 'ring', portrait: '/images/defaults/portraits/item.svg' }),
    ]);
  });

  it('gives uploaded portraits and thumbnails their image URLs with the upload date', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(QueryCommand).resolves({
      Items: [
        associationItem({
          portrait_key: 'images/stories/story-1/associations/association-1-1700000000000.png',
          thumbnail_key: 'images/stories/story-1/associations/association-1-1700000000000-thumb.png',
          portrait_uploaded_at: 1_700_000_000_000,
        }),
      ],
    });

    const result = await handler(listRequest(), testContext());

    expect(parseBody(result)).toEqual([
      expect.objectContaining({
        portrait: '/images/stories/story-1/associations/association-1-1700000000000.png?date=1700000000000',
        thumbnail:
          '/images/stories/story-1/associations/association-1-1700000000000-thumb.png?date=1700000000000',
      }),
    ]);
  });

  it('reads the list with one query on the story’s partition, never a scan', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(QueryCommand).resolves({ Items: [] });

    await handler(listRequest(), testContext());

    expect(testPorts.documentClient).toHaveReceivedCommandTimes(QueryCommand, 1);
    expect(testPorts.documentClient).toHaveReceivedCommandWith(QueryCommand, {
      KeyConditionExpression: 'PK = :partition AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':partition': storyPartition, ':prefix': 'ASSOC#' },
    });
  });

  it('answers an empty list for a story without associations', async () => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient.on(QueryCommand).resolves({ Items: [] });

    const result = await handler(listRequest(), testContext());

    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual([]);
  });

  it('answers 404 for another author’s story without reading its associations', async () => {
    arrangeOtherAuthor(testPorts);

    const result = await handler(listRequest(), testContext());

    expect(result.statusCode).toBe(404);
    expect(testPorts.documentClient).not.toHaveReceivedCommand(QueryCommand);
  });
});
