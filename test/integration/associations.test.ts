import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Association, AssociationListItem } from '../../shared/schemas/associations';
import type { Story } from '../../shared/schemas/story';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { jpegWithLocation, multipartForm, png } from '../helpers/images';

describe('associations on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let otherAuthor: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'tolkien@example.com', 'Tolkien');
    otherAuthor = await signIn(runtime, 'lewis@example.com', 'Lewis');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const createStory = async (browser: TestBrowser, title: string) => {
    const response = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title, description: 'A story with characters.' }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as Story).story_id;
  };

  const createAssociations = (browser: TestBrowser, storyId: string, names: string[]) =>
    browser.sendJson(
      'POST',
      `/api/stories/${storyId}/associations`,
      names.map((association_name) => ({ association_name, association_type: 'character' })),
    );

  const listAssociations = async (browser: TestBrowser, storyId: string) => {
    const response = await browser.fetch(`/api/stories/${storyId}/associations/thumbs`);
    expect(response.status).toBe(200);
    return (await response.json()) as AssociationListItem[];
  };

  const storedAssociationItems = async (storyId: string) => {
    const { Items } = await runtime.database.client.send(
      new QueryCommand({
        TableName: runtime.database.tableName,
        KeyConditionExpression: 'PK = :partition AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':partition': `STORY#${storyId}`, ':prefix': 'ASSOC#' },
      }),
    );
    return Items ?? [];
  };

  const subscribe = (browser: TestBrowser) =>
    grantSubscription(runtime, browser.cookie(sessionCookieName(runtime.ports.config))!);

  describe('the free account’s limit of 5 per story', () => {
    it('answers 401 with the spec’s message for a 6th association and stores nothing of it', async () => {
      const storyId = await createStory(author, 'The Fellowship');
      expect((await createAssociations(author, storyId, ['Frodo', 'Sam', 'Merry'])).status).toBe(201);
      expect((await createAssociations(author, storyId, ['Pippin'])).status).toBe(201);
      expect((await createAssociations(author, storyId, ['Gandalf'])).status).toBe(201);

      const sixth = await createAssociations(author, storyId, ['Aragorn']);

      expect(sixth.status).toBe(401);
      expect(await sixth.json()).toEqual({
        error: 'subscription_required',
        message: 'Free accounts are limited to 5 associations per story.',
      });
      expect((await listAssociations(author, storyId)).map((item) => item.association_name)).toEqual([
        'Frodo',
        'Sam',
        'Merry',
        'Pippin',
        'Gandalf',
      ]);
      expect(await storedAssociationItems(storyId)).toHaveLength(5);
    });

    it('refuses a request that would cross the limit as a whole, storing none of it', async () => {
      const storyId = await createStory(author, 'The Two Towers');
      await createAssociations(author, storyId, ['Frodo', 'Sam', 'Gollum']);

      const response = await createAssociations(author, storyId, ['Faramir', 'Éowyn', 'Théoden']);

      expect(response.status).toBe(401);
      expect(await storedAssociationItems(storyId)).toHaveLength(3);
    });

    it('counts per story: another story of the same author starts from zero', async () => {
      const full = await createStory(author, 'The Return of the King');
      await createAssociations(author, full, ['Frodo', 'Sam', 'Gollum', 'Denethor', 'Faramir']);
      const other = await createStory(author, 'The Hobbit');

      const response = await createAssociations(author, other, ['Bilbo']);

      expect(response.status).toBe(201);
    });

    it('frees a place when an association is deleted', async () => {
      const storyId = await createStory(author, 'Unfinished Tales');
      const created = (await (
        await createAssociations(author, storyId, ['Túrin', 'Niënor', 'Húrin', 'Morwen', 'Glaurung'])
      ).json()) as Association[];
      await author.sendJson('DELETE', `/api/stories/${storyId}/associations`, [created[4]]);

      const response = await createAssociations(author, storyId, ['Beleg']);

      expect(response.status).toBe(201);
      expect(await storedAssociationItems(storyId)).toHaveLength(5);
    });

    it('never stores more than 5 when creations race each other', async () => {
      const storyId = await createStory(author, 'The Silmarillion');
      await createAssociations(author, storyId, ['Fëanor', 'Fingolfin', 'Finarfin', 'Lúthien']);

      const responses = await Promise.all(
        ['Beren', 'Melkor', 'Ungoliant'].map((name) => createAssociations(author, storyId, [name])),
      );

      // One wins the last place; the others are refused (401), or give up after colliding repeatedly (409).
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.every((status) => [201, 401, 409].includes(status))).toBe(true);
      expect(await storedAssociationItems(storyId)).toHaveLength(5);
    });

    it('lets a subscriber add a 6th association and more', async () => {
      const subscriber = await signIn(runtime, 'subscriber@example.com', 'Subscriber');
      await subscribe(subscriber);
      const storyId = await createStory(subscriber, 'Narnia');
      await createAssociations(subscriber, storyId, ['Aslan', 'Lucy', 'Edmund', 'Susan', 'Peter']);

      const sixth = await createAssociations(subscriber, storyId, ['Jadis', 'Tumnus']);

      expect(sixth.status).toBe(201);
      expect(await listAssociations(subscriber, storyId)).toHaveLength(7);
    });
  });

  describe('ownership', () => {
    it('answers 404 to another author on every association call and leaves the association untouched', async () => {
      const storyId = await createStory(author, 'Leaf by Niggle');
      const [niggle] = (await (
        await createAssociations(author, storyId, ['Niggle'])
      ).json()) as Association[];
      const associationPath = `/api/stories/${storyId}/associations`;
      const upload = multipartForm({}, { bytes: await png(), name: 'leaf.png' });

      const statuses = await Promise.all([
        otherAuthor.fetch(`${associationPath}/thumbs`),
        otherAuthor.fetch(`${associationPath}/${niggle!.association_id}`),
        otherAuthor.sendJson('POST', associationPath, [
          { association_name: 'Parish', association_type: 'character' },
        ]),
        otherAuthor.sendJson('PUT', associationPath, [
          { association_id: niggle!.association_id, aliases: 'Stolen' },
        ]),
        otherAuthor.sendJson('DELETE', associationPath, [{ association_id: niggle!.association_id }]),
        otherAuthor.fetch(`${associationPath}/${niggle!.association_id}/upload?type=character`, {
          method: 'PUT',
          body: upload,
        }),
      ]).then((responses) => responses.map((response) => response.status));

      expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
      expect(await listAssociations(author, storyId)).toEqual([
        expect.objectContaining({
          association_name: 'Niggle',
          aliases: '',
          portrait: '/images/defaults/portraits/character.svg',
        }),
      ]);
    });
  });

  describe('editing', () => {
    it('creates, reads with details, updates and deletes an association', async () => {
      const storyId = await createStory(author, 'Farmer Giles of Ham');
      const createResponse = await author.sendJson('POST', `/api/stories/${storyId}/associations`, [
        { association_name: 'Chrysophylax', association_type: 'character', aliases: 'the dragon' },
        { association_name: ' ', association_type: 'place' },
      ]);
      const [dragon] = (await createResponse.json()) as Association[];
      const path = `/api/stories/${storyId}/associations/${dragon!.association_id}`;

      const updateResponse = await author.sendJson('PUT', `/api/stories/${storyId}/associations`, [
        {
          association_id: dragon!.association_id,
          short_description: 'A rich and cunning dragon.',
          details: { extended_description: 'Came down from the mountains.' },
          case_sensitive: false,
        },
      ]);
      const read = (await (await author.fetch(path)).json()) as Association;
      const deleteResponse = await author.sendJson('DELETE', `/api/stories/${storyId}/associations`, [read]);

      expect(createResponse.status).toBe(201);
      expect(dragon).toMatchObject({ association_name: 'Chrysophylax', case_sensitive: true });
      expect(updateResponse.status).toBe(200);
      expect(read).toEqual({
        ...dragon,
        short_description: 'A rich and cunning dragon.',
        case_sensitive: false,
        details: { extended_description: 'Came down from the mountains.' },
        facts: [],
      });
      expect(deleteResponse.status).toBe(204);
      expect((await author.fetch(path)).status).toBe(404);
      expect(await listAssociations(author, storyId)).toEqual([]);
    });

    it('answers 400 with the spec’s message for aliases repeating the name or each other', async () => {
      const storyId = await createStory(author, 'Roverandom');
      const [dog] = (await (await createAssociations(author, storyId, ['Rover'])).json()) as Association[];

      const create = await author.sendJson('POST', `/api/stories/${storyId}/associations`, [
        { association_name: 'Psamathos', association_type: 'character', aliases: 'the wizard, Psamathos' },
      ]);
      const update = await author.sendJson('PUT', `/api/stories/${storyId}/associations`, [
        { association_id: dog!.association_id, aliases: 'Roverandom, Roverandom' },
      ]);

      for (const response of [create, update]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          message: 'Aliases cannot contain the original name or any duplicates.',
        });
      }
      expect(await listAssociations(author, storyId)).toEqual([
        expect.objectContaining({ association_name: 'Rover', aliases: '' }),
      ]);
    });
  });

  describe('portraits', () => {
    it('serves an uploaded PNG at the answered URL, re-encoded, and lists it with a thumbnail', async () => {
      const storyId = await createStory(author, 'Smith of Wootton Major');
      const [smith] = (await (await createAssociations(author, storyId, ['Smith'])).json()) as Association[];
      // Metadata inside the PNG: re-encoding drops it (bytes smuggled after its end are refused: test/suites/uploads).
      const original = await sharp(await png(300, 200))
        .withExif({ IFD0: { Make: 'PhoneMaker' } })
        .png()
        .toBuffer();

      const response = await author.fetch(
        `/api/stories/${storyId}/associations/${smith!.association_id}/upload?type=character`,
        { method: 'PUT', body: multipartForm({}, { bytes: original, name: 'smith.png', type: 'image/png' }) },
      );

      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      expect(url).toMatch(
        new RegExp(
          `^/images/stories/${storyId}/associations/${smith!.association_id}-\\d+\\.png\\?date=\\d+$`,
        ),
      );
      const served = await author.fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      const servedBytes = Buffer.from(await served.arrayBuffer());
      expect(await sharp(servedBytes).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
      expect((await sharp(servedBytes).metadata()).exif).toBeUndefined();
      expect(servedBytes.includes('PhoneMaker')).toBe(false);

      const [listed] = await listAssociations(author, storyId);
      expect(listed!.portrait).toBe(url);
      const thumbnail = await sharp(
        Buffer.from(await (await author.fetch(listed!.thumbnail)).arrayBuffer()),
      ).metadata();
      expect([thumbnail.width, thumbnail.height]).toEqual([128, 128]);
    });

    it('stores a JPEG without its EXIF camera and GPS data', async () => {
      const storyId = await createStory(author, 'Mr. Bliss');
      const [bliss] = (await (
        await createAssociations(author, storyId, ['Mr. Bliss'])
      ).json()) as Association[];
      const photo = await jpegWithLocation(400, 300);
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const response = await author.fetch(
        `/api/stories/${storyId}/associations/${bliss!.association_id}/upload?type=character`,
        { method: 'PUT', body: multipartForm({}, { bytes: photo, name: 'bliss.jpg', type: 'image/jpeg' }) },
      );

      const { url } = (await response.json()) as { url: string };
      const stored = Buffer.from(await (await author.fetch(url)).arrayBuffer());
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(stored.includes('PhoneMaker')).toBe(false);
    });

    it('deletes the portrait with its association', async () => {
      const storyId = await createStory(author, 'The Adventures of Tom Bombadil');
      const [tom] = (await (
        await createAssociations(author, storyId, ['Tom Bombadil'])
      ).json()) as Association[];
      const uploaded = await author.fetch(
        `/api/stories/${storyId}/associations/${tom!.association_id}/upload?type=character`,
        { method: 'PUT', body: multipartForm({}, { bytes: await png(), name: 'tom.png' }) },
      );
      const { url } = (await uploaded.json()) as { url: string };
      const [listed] = await listAssociations(author, storyId);

      await author.sendJson('DELETE', `/api/stories/${storyId}/associations`, [tom]);

      expect((await author.fetch(url)).status).toBe(404);
      expect((await author.fetch(listed!.thumbnail)).status).toBe(404);
    });
  });
});
