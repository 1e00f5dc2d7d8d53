import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/http/associations/upload-association-portrait';
import { parseBody, testContext } from '../../../helpers/api-event';
import { jpegWithLocation, multipartForm, png } from '../../../helpers/images';
import { signedInMultipartEvent } from '../../../helpers/handler-harness';
import { installForEachTest, installTestPorts, TEST_NOW } from '../../../helpers/ports';
import {
  ASSOCIATION_ID,
  arrangeAuthorWithStory,
  arrangeOtherAuthor,
  associationItem,
  associationKey,
  MemoryBlobStore,
  STORY_ID,
} from './association-fixtures';

const uploadedAt = TEST_NOW.getTime();
const portraitKey = `images/stories/${STORY_ID}/associations/${ASSOCIATION_ID}-${uploadedAt}`;

const pngFile = async () => multipartForm({}, { bytes: await png(640, 480), name: 'frodo.png' });

describe('PUT /api/stories/{storyId}/associations/{associationId}/upload', () => {
  let blobs: MemoryBlobStore;
  const testPorts = installForEachTest(() => {
    blobs = new MemoryBlobStore();
    return installTestPorts({ blobs });
  });

  const uploadRequest = (form: FormData, associationId = ASSOCIATION_ID) =>
    signedInMultipartEvent(
      {
        method: 'PUT',
        path: `/api/stories/${STORY_ID}/associations/${associationId}/upload`,
        pathParameters: { storyId: STORY_ID, associationId },
        query: { type: 'character' },
      },
      form,
    );

  const arrangeStoredAssociation = (overrides: Record<string, unknown> = {}) => {
    arrangeAuthorWithStory(testPorts);
    testPorts.documentClient
      .on(GetCommand, { Key: associationKey(ASSOCIATION_ID) })
      .resolves({ Item: associationItem(overrides) });
    testPorts.documentClient.on(UpdateCommand).resolves({ Attributes: associationItem(overrides) });
  };

  it('stores the portrait and a 128 px square thumbnail, and answers the portrait URL with its date', async () => {
    arrangeStoredAssociation();

    const result = await handler(await uploadRequest(await pngFile()), testContext());

    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual({ url: `/${portraitKey}.png?date=${uploadedAt}` });
    expect([...blobs.objects.keys()].sort()).toEqual([`${portraitKey}-thumb.png`, `${portraitKey}.png`]);
    const thumbnail = await sharp(blobs.objects.get(`${portraitKey}-thumb.png`)!.body).metadata();
    expect([thumbnail.width, thumbnail.height, thumbnail.format]).toEqual([128, 128, 'png']);
  });

  it('points the association at the new images', async () => {
    arrangeStoredAssociation();

    await handler(await uploadRequest(await pngFile()), testContext());

    expect(testPorts.documentClient).toHaveReceivedCommandWith(UpdateCommand, {
      Key: associationKey(ASSOCIATION_ID),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: expect.objectContaining({
        ':key': `${portraitKey}.png`,
        ':thumbnailKey': `${portraitKey}-thumb.png`,
        ':uploadedAt': uploadedAt,
      }),
    });
  });

  it('re-encodes a JPEG so its EXIF camera and GPS data are not stored', async () => {
    arrangeStoredAssociation();
    const original = await jpegWithLocation();

    await handler(
      await uploadRequest(multipartForm({}, { bytes: original, name: 'holiday.jpg' })),
      testContext(),
    );

    const stored = blobs.objects.get(`${portraitKey}.jpg`)!;
    expect(stored.contentType).toBe('image/jpeg');
    expect((await sharp(stored.body).metadata()).exif).toBeUndefined();
    expect(Buffer.from(stored.body).includes('PhoneMaker')).toBe(false);
    expect(original.includes('PhoneMaker')).toBe(true);
  });

  it('deletes the images of the portrait it replaces', async () => {
    const previous = {
      portrait_key: `images/stories/${STORY_ID}/associations/${ASSOCIATION_ID}-1.png`,
      thumbnail_key: `images/stories/${STORY_ID}/associations/${ASSOCIATION_ID}-1-thumb.png`,
      portrait_uploaded_at: 1,
    };
    arrangeStoredAssociation(previous);
    blobs.objects.set(previous.portrait_key, { body: new Uint8Array([1]), contentType: 'image/png' });
    blobs.objects.set(previous.thumbnail_key, { body: new Uint8Array([1]), contentType: 'image/png' });

    await handler(await uploadRequest(await pngFile()), testContext());

    expect(blobs.objects.has(previous.portrait_key)).toBe(false);
    expect(blobs.objects.has(previous.thumbnail_key)).toBe(false);
  });

  it('answers 415 with the spec’s message for a file that is not an image, whatever its name', async () => {
    arrangeStoredAssociation();

    const result = await handler(
      await uploadRequest(
        multipartForm({}, { bytes: Buffer.from('<script>alert(1)</script>'), name: 'portrait.png' }),
      ),
      testContext(),
    );

    expect(result.statusCode).toBe(415);
    expect(parseBody(result)).toMatchObject({
      message: 'Only images of the following type are allowed: png,jpg,jpeg,gif',
    });
    expect(blobs.objects.size).toBe(0);
  });

  it('answers 400 when no file is sent in the field `file`', async () => {
    arrangeStoredAssociation();

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png())]), 'frodo.png');

    const result = await handler(await uploadRequest(form), testContext());

    expect(result.statusCode).toBe(400);
  });

  it('answers 400 for a type that is not an association type', async () => {
    arrangeStoredAssociation();
    const event = await uploadRequest(await pngFile());

    const result = await handler({ ...event, queryStringParameters: { type: 'planet' } }, testContext());

    expect(result.statusCode).toBe(400);
  });

  it('answers 404 for an association the story does not have, storing nothing', async () => {
    arrangeAuthorWithStory(testPorts);

    const result = await handler(await uploadRequest(await pngFile(), 'missing'), testContext());

    expect(result.statusCode).toBe(404);
    expect(blobs.objects.size).toBe(0);
  });

  it('removes the new images and answers 404 when the association is deleted during the upload', async () => {
    arrangeStoredAssociation();
    testPorts.documentClient
      .on(UpdateCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );

    const result = await handler(await uploadRequest(await pngFile()), testContext());

    expect(result.statusCode).toBe(404);
    expect(blobs.objects.size).toBe(0);
  });

  it('answers 404 for another author’s story, storing nothing', async () => {
    arrangeOtherAuthor(testPorts);

    const result = await handler(await uploadRequest(await pngFile()), testContext());

    expect(result.statusCode).toBe(404);
    expect(blobs.objects.size).toBe(0);
  });
});
