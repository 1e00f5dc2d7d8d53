import type { Story } from '../../../shared/schemas/story';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handler as createStory } from '../../../lambdas/http/stories/create-story';
import { handler as deleteStory } from '../../../lambdas/http/stories/delete-story';
import { handler as getFullStory } from '../../../lambdas/http/stories/get-full-story';
import { handler as getStory } from '../../../lambdas/http/stories/get-story';
import { handler as listStories } from '../../../lambdas/http/stories/list-stories';
import { handler as updateStoryDetails } from '../../../lambdas/http/stories/update-story-details';
import { apiEvent, parseBody, testContext } from '../../helpers/api-event';
import {
  paragraphChunk,
  signedInEvent,
  signedInMultipartEvent,
  tableItems,
  useHandlerPorts,
  USER_ID,
} from '../../helpers/handler-harness';
import { multipartForm, png } from '../../helpers/images';

const owner = `USER#${USER_ID}`;

describe('story handlers', () => {
  const harness = useHandlerPorts();

  describe('GET /api/stories', () => {
    it("lists the caller's stories and series from one Query of their partition, and every story's chapters from one Query of the author's chapter listing", async () => {
      harness.documentClient
        .on(QueryCommand, {
          ExpressionAttributeValues: { ':owner': owner, ':first': 'SERIES#', ':last': 'STORY#\uffff' },
        })
        .resolves({
          Items: [
            tableItems.series('saga', ['x', 'b']),
            tableItems.story('b', { series_id: 'saga', created_at: '2026-02-01T00:00:00.000Z' }),
            tableItems.story('a'),
          ],
        });
      harness.documentClient
        .on(QueryCommand, {
          IndexName: 'chapters-by-owner-2',
          ExpressionAttributeValues: { ':owner': owner },
        })
        .resolves({
          Items: [
            tableItems.chapterIndex('a', ['a2', 'a1']),
            tableItems.chapter('a', 'a1', 'ready', 'One'),
            tableItems.chapter('a', 'a2', 'ready', 'Two'),
            tableItems.chapterIndex('b', ['b1']),
            tableItems.chapter('b', 'b1', 'ready', 'Only'),
          ],
        });

      const result = await listStories(signedInEvent(), testContext());

      expect(result.statusCode).toBe(200);
      const stories = parseBody(result) as Story[];
      expect(stories).toEqual([
        expect.objectContaining({ story_id: 'a', title: 'Title of a' }),
        expect.objectContaining({ story_id: 'b', series_id: 'saga', series_place: 2, place: 2 }),
      ]);
      expect(stories[0]!.series_id).toBeUndefined();
      expect(stories.map((story) => story.chapters.map((chapter) => [chapter.title, chapter.place]))).toEqual(
        [
          [
            ['Two', 1],
            ['One', 2],
          ],
          [['Only', 1]],
        ],
      );
      expect(harness.documentClient).toHaveReceivedCommandTimes(QueryCommand, 2);
    });

    it('answers 401 without a session', async () => {
      const result = await listStories(apiEvent(), testContext());

      expect(result.statusCode).toBe(401);
    });
  });

  describe('GET /api/stories/{storyId}', () => {
    it('answers the story with its chapters in index order', async () => {
      harness.ownStory('s1');
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1', 'ready', 'One'),
        tableItems.chapter('s1', 'c2', 'creating', 'Two'),
        tableItems.chapterIndex('s1', ['c2', 'c1']),
      ]);

      const result = await getStory(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toMatchObject({
        story_id: 's1',
        chapters: [
          { id: 'c2', chapter_id: 'c2', title: 'Two', place: 1, status: 'creating', story_id: 's1' },
          { id: 'c1', title: 'One', place: 2, status: 'ready' },
        ],
      });
    });

    it("answers 404 for a story that is not in the caller's partition", async () => {
      const result = await getStory(
        signedInEvent({ pathParameters: { storyId: 'elsewhere' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      // The caller's own story item and their membership of a story shared with them, read together.
      expect(harness.documentClient).toHaveReceivedCommandWith(BatchGetCommand, {
        RequestItems: {
          [harness.tableName]: expect.objectContaining({
            Keys: expect.arrayContaining([
              { PK: owner, SK: 'STORY#elsewhere' },
              { PK: 'STORY#elsewhere', SK: `MEMBER#${owner.slice('USER#'.length)}` },
            ]),
          }),
        },
      });
      expect(harness.documentClient).not.toHaveReceivedCommand(QueryCommand);
    });
  });

  describe('GET /api/stories/{storyId}/full', () => {
    it('answers every chapter with its paragraphs in order, and none for a chapter being created', async () => {
      harness.ownStory('s1');
      harness.chaptersOf('s1', [
        tableItems.chapter('s1', 'c1'),
        tableItems.chapter('s1', 'c2', 'creating'),
        tableItems.chapterIndex('s1', ['c1', 'c2']),
      ]);
      harness.contentOf(
        'c1',
        ['k2', 'k1'],
        [
          tableItems.block('c1', 'k1', paragraphChunk('k1', 'first')),
          tableItems.block('c1', 'k2', paragraphChunk('k2', 'second')),
        ],
      );

      const result = await getFullStory(signedInEvent({ pathParameters: { storyId: 's1' } }), testContext());

      expect(result.statusCode).toBe(200);
      const body = parseBody(result) as {
        chapters_with_contents: { chapter: { id: string }; blocks: unknown }[];
      };
      expect(body.chapters_with_contents).toEqual([
        {
          chapter: expect.objectContaining({ id: 'c1', place: 1 }),
          blocks: {
            items: [
              {
                key_id: { Value: 'k2' },
                chunk: { Value: paragraphChunk('k2', 'second') },
                place: { Value: '0' },
                revision: 0,
              },
              {
                key_id: { Value: 'k1' },
                chunk: { Value: paragraphChunk('k1', 'first') },
                place: { Value: '1' },
                revision: 0,
              },
            ],
          },
        },
        { chapter: expect.objectContaining({ id: 'c2', status: 'creating' }), blocks: { items: [] } },
      ]);
      expect(harness.documentClient).not.toHaveReceivedCommandWith(GetCommand, {
        Key: { PK: 'CHAPTER#c2', SK: 'ORDER' },
      });
      expect(body).not.toHaveProperty('next');
    });
  });

  describe('POST /api/stories', () => {
    it('writes the story, its first chapter, an empty paragraph and the orders in one transaction', async () => {
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: '  Frankenstein ', description: ' A modern Prometheus. ' }),
      );

      const result = await createStory(event, testContext());

      expect(result.statusCode).toBe(201);
      const story = parseBody(result) as { story_id: string; title: string; chapters: { id: string }[] };
      expect(story).toMatchObject({
        title: 'Frankenstein',
        description: 'A modern Prometheus.',
        chapters: [{ title: 'Chapter 1', place: 1, status: 'ready' }],
      });
      const chapterId = story.chapters[0]!.id;
      expect(harness.documentClient).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                PK: owner,
                SK: `STORY#${story.story_id}`,
                title: 'Frankenstein',
              }),
              ConditionExpression: 'attribute_not_exists(PK)',
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                SK: `CHAPTER#${chapterId}`,
                title: 'Chapter 1',
                status: 'ready',
              }),
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'CHAPTERS', chapter_ids: [chapterId], version: 1 }),
            }),
          },
          {
            Update: expect.objectContaining({
              Key: { PK: `CHAPTER#${chapterId}`, SK: expect.stringMatching(/^BLOCK#/) },
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ PK: `CHAPTER#${chapterId}`, SK: 'ORDER', version: 1 }),
            }),
          },
        ],
      });
    });

    it('stores a generated 300 px jpeg cover under the story image prefix when no image is sent', async () => {
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: 'Covered', description: 'x' }),
      );

      const result = await createStory(event, testContext());

      const story = parseBody(result) as { story_id: string; image_url: string };
      const [bucket, key, body, contentType] = harness.blobs.put.mock.calls[0]!;
      expect([bucket, contentType]).toEqual(['images', 'image/jpeg']);
      expect(key).toBe(
        `images/stories/${story.story_id}/title-cover-${new Date('2026-11-21T12:00:00Z').getTime()}.jpg`,
      );
      expect(story.image_url).toBe(`/${key}`);
      const metadata = await sharp(body).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 300, 300]);
    });

    it('creates the series named by a new title, with the story as its first volume', async () => {
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: 'Dune', description: 'Spice.', series_title: 'Dune Chronicles' }),
      );

      const result = await createStory(event, testContext());

      const story = parseBody(result) as { story_id: string; series_id: string };
      expect(story).toMatchObject({ series_title: 'Dune Chronicles', series_place: 1, place: 1 });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: expect.arrayContaining([
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                SK: `SERIES#${story.series_id}`,
                series_title: 'Dune Chronicles',
                story_ids: [story.story_id],
              }),
              ConditionExpression: 'attribute_not_exists(PK)',
            }),
          },
        ]),
      });
    });

    it('places the story in an existing series at the place asked, conditional on the version read', async () => {
      harness.ownSeries('saga', ['one', 'two'], 7);
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: 'Prequel', description: 'Before.', series_id: 'saga', series_place: '1' }),
      );

      const result = await createStory(event, testContext());

      const story = parseBody(result) as { story_id: string };
      expect(parseBody(result)).toMatchObject({ series_id: 'saga', series_place: 1 });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: expect.arrayContaining([
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                SK: 'SERIES#saga',
                story_ids: [story.story_id, 'one', 'two'],
                version: 8,
              }),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': 7 },
            }),
          },
        ]),
      });
    });

    it("answers 404 for another author's series and stores nothing", async () => {
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: 'Cuckoo', description: 'x', series_id: 'not-mine' }),
      );

      const result = await createStory(event, testContext());

      expect(result.statusCode).toBe(404);
      expect(harness.blobs.put).not.toHaveBeenCalled();
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it("answers 400 with the spec's message for an invalid title and stores nothing", async () => {
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: 'aws:Ends with a bang!', description: 'x' }),
      );

      const result = await createStory(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({
        message: "A title may be at most 256 characters and may not start with 'aws:'.",
        details: [{ path: 'body.title' }],
      });
      expect(harness.blobs.put).not.toHaveBeenCalled();
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it('answers 415 for a body that is not multipart', async () => {
      const result = await createStory(
        signedInEvent({ method: 'POST', body: { title: 'Dune', description: 'x' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(415);
    });

    it('removes the stored image again when the transaction fails', async () => {
      harness.documentClient.on(TransactWriteCommand).rejects(new Error('DynamoDB is having a bad day'));
      const event = await signedInMultipartEvent(
        { path: '/api/stories' },
        multipartForm({ title: 'Unlucky', description: 'x' }),
      );

      const result = await createStory(event, testContext());

      expect(result.statusCode).toBe(500);
      const [, key] = harness.blobs.put.mock.calls[0]!;
      expect(harness.blobs.delete).toHaveBeenCalledWith('images', [key]);
    });
  });

  describe('PUT /api/stories/{storyId}/details', () => {
    it('updates the details and, for a new image, stores it and deletes the one it replaces', async () => {
      harness.ownStory('s1');
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { storyId: 's1' } },
        multipartForm({ title: 'Renamed', description: 'New blurb.' }, { bytes: await png(), name: 'c.png' }),
      );

      const result = await updateStoryDetails(event, testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toMatchObject({
        title: 'Renamed',
        description: 'New blurb.',
        image_url: expect.stringMatching(/^\/images\/stories\/s1\/cover-\d+\.png$/),
      });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Update: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#s1' },
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#series)',
            }),
          },
        ],
      });
      expect(harness.blobs.delete).toHaveBeenCalledWith('images', ['images/stories/s1/cover-1.jpg']);
    });

    it('moves a volume to another series: leaves one, joins the other, in one transaction', async () => {
      harness.ownStory('s1', { series_id: 'old' });
      harness.ownSeries('old', ['s0', 's1', 's2'], 3);
      harness.ownSeries('new', ['n1'], 5);
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { storyId: 's1' } },
        multipartForm({
          title: 'Moved',
          description: 'x',
          series_id: 'new',
          series_name: '',
          series_place: '',
        }),
      );

      const result = await updateStoryDetails(event, testContext());

      expect(parseBody(result)).toMatchObject({ series_id: 'new', series_place: 2 });
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Update: expect.objectContaining({
              ConditionExpression: 'attribute_exists(PK) AND #series = :expectedSeries',
              ExpressionAttributeValues: expect.objectContaining({
                ':series': 'new',
                ':expectedSeries': 'old',
              }),
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#old', story_ids: ['s0', 's2'] }),
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#new', story_ids: ['n1', 's1'] }),
            }),
          },
        ],
      });
    });

    it('makes a volume standalone when the series fields are sent empty', async () => {
      harness.ownStory('s1', { series_id: 'old' });
      harness.ownSeries('old', ['s1'], 3);
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { storyId: 's1' } },
        multipartForm({ title: 'Alone', description: 'x', series_id: '', series_name: '' }),
      );

      const result = await updateStoryDetails(event, testContext());

      expect(parseBody(result)).not.toHaveProperty('series_id');
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Update: expect.objectContaining({ UpdateExpression: expect.stringContaining('REMOVE #series') }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#old', story_ids: [] }),
            }),
          },
        ],
      });
    });

    it("answers 404 for another author's story and stores no image", async () => {
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { storyId: 'theirs' } },
        multipartForm({ title: 'Mine', description: 'x' }, { bytes: await png(), name: 'c.png' }),
      );

      const result = await updateStoryDetails(event, testContext());

      expect(result.statusCode).toBe(404);
      expect(harness.blobs.put).not.toHaveBeenCalled();
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });
  });

  describe('DELETE /api/stories/{storyId}', () => {
    it('moves the story item into the trash in one transaction, leaving its content for the purge', async () => {
      harness.ownStory('s1');

      const result = await deleteStory(
        signedInEvent({ method: 'DELETE', pathParameters: { storyId: 's1' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Delete: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#s1' },
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#series)',
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ PK: owner, SK: 'TRASH#STORY#s1' }),
              ConditionExpression: 'attribute_not_exists(PK)',
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ kind: 'story', story_id: 's1' }),
            }),
          },
        ],
      });
      expect(harness.queue.send).not.toHaveBeenCalled();
      expect(harness.documentClient).not.toHaveReceivedCommand(BatchWriteCommand);
      expect(harness.blobs.deletePrefix).not.toHaveBeenCalled();
    });

    it('takes a volume out of its series in the same transaction', async () => {
      harness.ownStory('s1', { series_id: 'saga' });
      harness.ownSeries('saga', ['s0', 's1'], 2);

      await deleteStory(
        signedInEvent({ method: 'DELETE', pathParameters: { storyId: 's1' } }),
        testContext(),
      );

      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          { Delete: expect.objectContaining({ Key: { PK: owner, SK: 'STORY#s1' } }) },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#saga', story_ids: ['s0'] }),
            }),
          },
          { Put: expect.objectContaining({ Item: expect.objectContaining({ SK: 'TRASH#STORY#s1' }) }) },
          { Put: expect.objectContaining({ Item: expect.objectContaining({ kind: 'story' }) }) },
        ],
      });
    });

    it("answers 404 for another author's story and deletes nothing", async () => {
      const result = await deleteStory(
        signedInEvent({ method: 'DELETE', pathParameters: { storyId: 'theirs' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
      expect(harness.documentClient).not.toHaveReceivedCommand(BatchWriteCommand);
      expect(harness.blobs.deletePrefix).not.toHaveBeenCalled();
    });
  });
});
