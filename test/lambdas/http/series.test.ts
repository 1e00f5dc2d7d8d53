import { BatchGetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as deleteSeries } from '../../../lambdas/http/series/delete-series';
import { handler as getSeries } from '../../../lambdas/http/series/get-series';
import { handler as listSeries } from '../../../lambdas/http/series/list-series';
import { handler as removeStoryFromSeries } from '../../../lambdas/http/series/remove-story-from-series';
import { handler as updateSeries } from '../../../lambdas/http/series/update-series';
import { parseBody, testContext } from '../../helpers/api-event';
import {
  signedInEvent,
  signedInMultipartEvent,
  tableItems,
  useHandlerPorts,
  USER_ID,
} from '../../helpers/handler-harness';
import { multipartForm, png } from '../../helpers/images';

const owner = `USER#${USER_ID}`;

describe('series handlers', () => {
  const harness = useHandlerPorts();

  const ownStories = (...items: Record<string, unknown>[]) =>
    harness.documentClient.on(BatchGetCommand).resolves({ Responses: { [harness.tableName]: items } });

  describe('GET /api/series', () => {
    it('lists each series with its volumes in place order, reading only the volumes by key', async () => {
      harness.documentClient
        .on(QueryCommand, { ExpressionAttributeValues: { ':owner': owner, ':series': 'SERIES#' } })
        .resolves({ Items: [tableItems.series('saga', ['b', 'a']), tableItems.series('empty', [])] });
      ownStories(tableItems.story('a', { series_id: 'saga' }), tableItems.story('b', { series_id: 'saga' }));

      const result = await listSeries(signedInEvent(), testContext());

      expect(result.statusCode).toBe(200);
      const series = parseBody(result) as {
        series_id: string;
        stories: { story_id: string; place: number }[];
      }[];
      expect(
        series.map((item) => [item.series_id, item.stories.map((story) => [story.story_id, story.place])]),
      ).toEqual([
        [
          'saga',
          [
            ['b', 1],
            ['a', 2],
          ],
        ],
        ['empty', []],
      ]);
      expect(harness.documentClient).toHaveReceivedCommandWith(BatchGetCommand, {
        RequestItems: {
          [harness.tableName]: {
            Keys: [
              { PK: owner, SK: 'STORY#b' },
              { PK: owner, SK: 'STORY#a' },
            ],
            ConsistentRead: true,
          },
        },
      });
    });
  });

  describe('GET /api/series/{seriesId}', () => {
    it('answers the series with its volumes read by key', async () => {
      harness.ownSeries('saga', ['a']);
      ownStories(tableItems.story('a', { series_id: 'saga' }));

      const result = await getSeries(signedInEvent({ pathParameters: { seriesId: 'saga' } }), testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toMatchObject({
        series_id: 'saga',
        series_title: 'Series saga',
        stories: [{ story_id: 'a', series_place: 1, place: 1 }],
      });
      expect(harness.documentClient).toHaveReceivedCommandWith(BatchGetCommand, {
        RequestItems: { [harness.tableName]: { Keys: [{ PK: owner, SK: 'STORY#a' }], ConsistentRead: true } },
      });
    });

    it("answers 404 for another author's series", async () => {
      const result = await getSeries(
        signedInEvent({ pathParameters: { seriesId: 'theirs' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
    });
  });

  describe('PUT /api/series/{seriesId}', () => {
    it('saves title, description and the reordered volumes; stories left out become standalone', async () => {
      harness.ownSeries('saga', ['a', 'b', 'c'], 4);
      ownStories(tableItems.story('a', { series_id: 'saga' }), tableItems.story('c', { series_id: 'saga' }));
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm({
          series_title: ' Saga ',
          series_description: 'Told again.',
          stories: JSON.stringify([
            { story_id: 'a', place: 9, title: 'A' },
            { story_id: 'c', place: 3 },
          ]),
        }),
      );

      const result = await updateSeries(event, testContext());

      expect(result.statusCode).toBe(200);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                SK: 'SERIES#saga',
                series_title: 'Saga',
                series_description: 'Told again.',
                story_ids: ['c', 'a'],
                version: 5,
              }),
              ConditionExpression: 'version = :version',
            }),
          },
          {
            Update: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#b' },
              UpdateExpression: 'SET updated_at = :now REMOVE #series',
              ConditionExpression: 'attribute_exists(PK) AND #series = :expectedSeries',
            }),
          },
        ],
      });
    });

    it('adds a volume taken from another series, updating both series and the story together', async () => {
      harness.ownSeries('saga', ['a'], 1);
      harness.ownSeries('other', ['x', 'moving'], 6);
      ownStories(tableItems.story('moving', { series_id: 'other' }));
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm({
          series_title: 'Saga',
          series_description: 'Grows.',
          stories: JSON.stringify([
            { story_id: 'a', place: 1 },
            { story_id: 'moving', place: 2 },
          ]),
        }),
      );

      await updateSeries(event, testContext());

      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#saga', story_ids: ['a', 'moving'] }),
            }),
          },
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#other', story_ids: ['x'] }),
            }),
          },
          {
            Update: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#moving' },
              ExpressionAttributeValues: expect.objectContaining({
                ':series': 'saga',
                ':expectedSeries': 'other',
              }),
            }),
          },
        ],
      });
    });

    it('stores a new image under the series prefix and deletes the replaced one', async () => {
      harness.ownSeries('saga', [], 1, { image_url: '/images/series/saga/cover-1.png' });
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm(
          { series_title: 'Saga', series_description: 'x' },
          { bytes: await png(), name: 'a.png' },
        ),
      );

      const result = await updateSeries(event, testContext());

      expect(result.statusCode).toBe(200);
      expect(harness.blobs.put).toHaveBeenCalledWith(
        'images',
        expect.stringMatching(/^images\/series\/saga\/cover-\d+\.png$/),
        expect.any(Buffer),
        'image/png',
      );
      expect(harness.blobs.delete).toHaveBeenCalledWith('images', ['images/series/saga/cover-1.png']);
    });

    it('renames a series sent with its title alone, keeping its description, volumes and image', async () => {
      harness.ownSeries('saga', ['s1'], 1, {
        series_description: '',
        image_url: '/images/series/saga/cover-1.png',
      });
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm({ series_title: 'Sand' }),
      );

      const result = await updateSeries(event, testContext());

      expect(result.statusCode).toBe(200);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: expect.arrayContaining([
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({
                series_title: 'Sand',
                series_description: '',
                story_ids: ['s1'],
                image_url: '/images/series/saga/cover-1.png',
              }),
            }),
          },
        ]),
      });
    });

    it("answers 404 when the list names another author's story, and writes nothing", async () => {
      harness.ownSeries('saga', []);
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm({
          series_title: 'Saga',
          series_description: 'x',
          stories: JSON.stringify([{ story_id: 'theirs', place: 1 }]),
        }),
      );

      const result = await updateSeries(event, testContext());

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });

    it("answers 400 'Title cannot be blank' for a blank title", async () => {
      harness.ownSeries('saga', []);
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm({ series_title: '  ', series_description: 'x' }),
      );

      const result = await updateSeries(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({ message: 'Title cannot be blank' });
    });

    it('answers 400 for a stories field that is not JSON', async () => {
      harness.ownSeries('saga', []);
      const event = await signedInMultipartEvent(
        { method: 'PUT', pathParameters: { seriesId: 'saga' } },
        multipartForm({ series_title: 'Saga', series_description: 'x', stories: '[{oops' }),
      );

      const result = await updateSeries(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({
        message: 'The stories field must be a JSON list of stories.',
      });
    });
  });

  describe('DELETE /api/series/{seriesId}', () => {
    it('deletes the series and makes every volume standalone in one transaction, then its images', async () => {
      harness.ownSeries('saga', ['a', 'b'], 3);

      const result = await deleteSeries(
        signedInEvent({ method: 'DELETE', pathParameters: { seriesId: 'saga' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(204);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Delete: expect.objectContaining({
              Key: { PK: owner, SK: 'SERIES#saga' },
              ConditionExpression: 'version = :version',
            }),
          },
          {
            Update: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#a' },
              UpdateExpression: 'SET updated_at = :now REMOVE #series',
            }),
          },
          { Update: expect.objectContaining({ Key: { PK: owner, SK: 'STORY#b' } }) },
        ],
      });
      expect(harness.blobs.deletePrefix).toHaveBeenCalledWith('images', 'images/series/saga/');
    });

    it("answers 404 for another author's series", async () => {
      const result = await deleteSeries(
        signedInEvent({ method: 'DELETE', pathParameters: { seriesId: 'theirs' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.blobs.deletePrefix).not.toHaveBeenCalled();
    });
  });

  describe('PUT /api/series/{seriesId}/story/{storyId}', () => {
    it('takes the story out of the series and answers the renumbered series', async () => {
      harness.ownSeries('saga', ['a', 'b', 'c'], 2);
      harness.ownStory('b', { series_id: 'saga' });

      const result = await removeStoryFromSeries(
        signedInEvent({ method: 'PUT', pathParameters: { seriesId: 'saga', storyId: 'b' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
      expect(harness.documentClient).toHaveReceivedCommandWith(TransactWriteCommand, {
        TransactItems: [
          {
            Put: expect.objectContaining({
              Item: expect.objectContaining({ SK: 'SERIES#saga', story_ids: ['a', 'c'] }),
            }),
          },
          {
            Update: expect.objectContaining({
              Key: { PK: owner, SK: 'STORY#b' },
              ConditionExpression: 'attribute_exists(PK) AND #series = :expectedSeries',
            }),
          },
        ],
      });
    });

    it("answers 404 for another author's story, even in the caller's own series", async () => {
      harness.ownSeries('saga', ['a']);

      const result = await removeStoryFromSeries(
        signedInEvent({ method: 'PUT', pathParameters: { seriesId: 'saga', storyId: 'theirs' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(harness.documentClient).not.toHaveReceivedCommand(TransactWriteCommand);
    });
  });
});
