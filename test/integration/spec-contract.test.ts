import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { DEFAULT_SERIES_IMAGE_URL, DEFAULT_STORY_IMAGE_URL } from '../../shared/default-images';
import { ASSOCIATION_TYPES, defaultPortraitUrl } from '../../shared/schemas/associations';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm, png } from '../helpers/images';

/**
 * The spec's wire is the contract (spec §7 requests, §3 fields): every call is sent exactly as §7 shows it,
 * with the old product's client's variants (paragraph objects as chunks, series_place=0, whole chapter and
 * association objects), and every answer is checked against §3's field list.
 */

type Json = Record<string, unknown>;
type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

const typeOf = (value: unknown): string => (Array.isArray(value) ? 'array' : typeof value);

/** Each §3 field present with its type; `a.b` names a nested field. */
function expectFields(value: unknown, fields: Record<string, FieldType>) {
  for (const [path, type] of Object.entries(fields)) {
    const found = path
      .split('.')
      .reduce<unknown>((parent, key) => (parent as Json | undefined)?.[key], value);
    expect(typeOf(found), `${path} of ${JSON.stringify(value).slice(0, 200)}`).toBe(type);
  }
}

// Spec §3, field by field. A standalone story's place is its place in the list, so single answers have none.
const singleStoryFields = {
  story_id: 'string',
  title: 'string',
  description: 'string',
  image_url: 'string',
  chapters: 'array',
} as const;
const storyFields = { ...singleStoryFields, place: 'number' } as const;
const volumeFields = { ...storyFields, series_id: 'string', series_place: 'number' } as const;
const chapterFields = {
  id: 'string',
  chapter_id: 'string',
  title: 'string',
  place: 'number',
  story_id: 'string',
} as const;
const seriesFields = {
  series_id: 'string',
  series_title: 'string',
  series_description: 'string',
  image_url: 'string',
  stories: 'array',
} as const;
const blockItemFields = {
  'key_id.Value': 'string',
  'chunk.Value': 'string',
  'place.Value': 'string',
} as const;
const associationListFields = {
  association_id: 'string',
  association_name: 'string',
  association_type: 'string',
  aliases: 'string',
  case_sensitive: 'boolean',
  short_description: 'string',
  portrait: 'string',
} as const;
const associationFields = { ...associationListFields, 'details.extended_description': 'string' } as const;
const userFields = {
  customer_id: 'string',
  subscription_id: 'string',
  renewing: 'boolean',
  expired: 'boolean',
  expires_at: 'string',
} as const;

function expectStory(story: Json, fields: Record<string, FieldType> = singleStoryFields) {
  expectFields(story, fields);
  expect(Number.isInteger(story.created_at)).toBe(true);
  for (const chapter of story.chapters as Json[]) expectFields(chapter, chapterFields);
}

function expectSeries(series: Json) {
  expectFields(series, seriesFields);
  expect(Number.isInteger(series.created_at)).toBe(true);
  for (const volume of series.stories as Json[]) expectStory(volume, volumeFields);
}

/** The paragraph object as Lexical serialises it (spec §3 Block: paragraph content). */
const paragraphObject = (keyId: string, text: string) => ({
  type: 'custom-paragraph',
  version: 1,
  key_id: keyId,
  format: '',
  indent: 0,
  direction: 'ltr',
  children: [{ type: 'text', version: 1, text, format: 1, style: '', detail: 0, mode: 'normal' }],
});

// One runtime for the file: starting one takes seconds, and the default images need nobody signed in.
let runtime: EmbeddedRuntime;

beforeAll(async () => {
  runtime = await startTestRuntime();
});

afterAll(async () => {
  await runtime?.close();
});

describe('the spec §7 calls, sent as the spec shows them, answer the §3 fields', () => {
  let author: TestBrowser;

  beforeAll(async () => {
    author = await signIn(runtime, 'contract@example.com', 'Clara');
  });

  const answerOf = async (response: Response) => {
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
  };
  const sendJson = async (method: string, path: string, body?: unknown, browser: TestBrowser = author) =>
    answerOf(await browser.sendJson(method, path, body));
  const getJson = (path: string) => sendJson('GET', path);
  const sendForm = async (method: string, path: string, form: FormData) => {
    const response = await author.fetch(path, { method, body: form });
    return { status: response.status, body: (await response.json()) as Json };
  };

  /** POST /api/stories as the old form sends it: every field, series_place 0 for a standalone story. */
  const createStandalone = async (title: string) => {
    const created = await sendForm(
      'POST',
      '/api/stories',
      multipartForm({ title, description: 'A tale.', series_id: '', series_title: '', series_place: '0' }),
    );
    expect(created.status).toBe(201);
    return created.body;
  };

  it('GET /api/user answers the user fields', async () => {
    const user = await getJson('/api/user');

    expect(user.status).toBe(200);
    expectFields(user.body, userFields);
  });

  it('POST /api/stories with series_place=0 and no series makes a standalone story', async () => {
    const story = await createStandalone('Standalone');

    expectStory(story);
    expect(story).not.toHaveProperty('series_id');
    expect((story.chapters as Json[])[0]).toMatchObject({ place: 1 });
  });

  it('POST /api/stories with series_title, series_place and an image answers the story with its series', async () => {
    const created = await sendForm(
      'POST',
      '/api/stories',
      multipartForm(
        { title: 'Volume One', description: 'First.', series_title: 'Saga', series_place: '1' },
        { bytes: await png(), name: 'cover.png', type: 'image/png' },
      ),
    );

    expect(created.status).toBe(201);
    expectStory(created.body, volumeFields);
    expect(created.body).toMatchObject({ series_place: 1, place: 1 });
  });

  it('GET /api/stories and GET /api/series list items carry chapters and place, created_at in seconds', async () => {
    const standalone = await createStandalone('Listed');
    const stories = await getJson('/api/stories');
    const series = await getJson('/api/series');

    expect(stories.status).toBe(200);
    expect(series.status).toBe(200);
    for (const story of stories.body as Json[]) {
      expectStory(story, storyFields);
      expect((story.chapters as Json[]).length).toBeGreaterThan(0);
    }
    const listed = (stories.body as Json[]).find((story) => story.story_id === standalone.story_id)!;
    expect(listed.chapters).toEqual(standalone.chapters);
    expect(Math.abs((listed.created_at as number) - Date.now() / 1000)).toBeLessThan(3600);
    for (const item of series.body as Json[]) expectSeries(item);
  });

  it('GET story, series and chapter answer their fields; PUT details takes the form as the old client sends it', async () => {
    const story = await createStandalone('Details');
    const storyId = story.story_id as string;
    const chapterId = (story.chapters as Json[])[0]!.id as string;

    const single = await getJson(`/api/stories/${storyId}`);
    const chapter = await getJson(`/api/stories/${storyId}/chapters/${chapterId}`);
    const updated = await sendForm(
      'PUT',
      `/api/stories/${storyId}/details`,
      multipartForm(
        {
          title: 'Details Renamed',
          description: 'Still a tale.',
          series_id: '',
          series_name: 'Second Saga',
          series_place: '1',
        },
        { bytes: await png(), name: 'cover.png', type: 'image/png' },
      ),
    );
    const series = await getJson(`/api/series/${updated.body.series_id as string}`);

    expect(single.status).toBe(200);
    expectStory(single.body as Json);
    expect(chapter.status).toBe(200);
    expectFields(chapter.body, chapterFields);
    expect(updated.status).toBe(200);
    expectStory(updated.body, volumeFields);
    expect(series.status).toBe(200);
    expectSeries(series.body as Json);
  });

  it('PUT /api/series/{id} with stories as JSON and a file, then removing and deleting', async () => {
    const first = await createStandalone('Book A');
    const second = await createStandalone('Book B');
    const grouped = await sendForm(
      'PUT',
      `/api/stories/${first.story_id as string}/details`,
      multipartForm({ title: 'Book A', description: 'A tale.', series_name: 'Pair', series_place: '1' }),
    );
    const seriesId = grouped.body.series_id as string;

    const updated = await sendForm(
      'PUT',
      `/api/series/${seriesId}`,
      multipartForm(
        {
          series_title: 'Pair',
          series_description: 'Two books.',
          stories: JSON.stringify([
            { ...second, place: 1 },
            { ...grouped.body, place: 2 },
          ]),
        },
        { bytes: await png(), name: 'series.png', type: 'image/png' },
      ),
    );
    const removed = await sendJson('PUT', `/api/series/${seriesId}/story/${second.story_id as string}`);
    const deletedSeries = await sendJson('DELETE', `/api/series/${seriesId}`);
    const deletedStory = await sendJson('DELETE', `/api/stories/${second.story_id as string}`);

    expect(updated.status).toBe(200);
    expectSeries(updated.body);
    expect((updated.body.stories as Json[]).map((volume) => volume.story_id)).toEqual([
      second.story_id,
      first.story_id,
    ]);
    expect(removed.status).toBe(200);
    expectSeries(removed.body as Json);
    expect(deletedSeries.status).toBe(204);
    expect(deletedStory.status).toBe(204);
  });

  it('a series without an image answers the default series image', async () => {
    const story = await createStandalone('Lonely');
    const grouped = await sendForm(
      'PUT',
      `/api/stories/${story.story_id as string}/details`,
      multipartForm({ title: 'Lonely', description: 'A tale.', series_name: 'Imageless' }),
    );

    const series = await getJson(`/api/series/${grouped.body.series_id as string}`);

    expect((series.body as Json).image_url).toBe(DEFAULT_SERIES_IMAGE_URL);
  });

  it('GET and PUT /api/stories/{id}/settings answer spellcheck and autotab', async () => {
    const story = await createStandalone('Settings');
    const path = `/api/stories/${story.story_id as string}/settings`;

    const read = await getJson(path);
    const written = await sendJson('PUT', path, { spellcheck: false, autotab: true });

    expectFields(read.body, { spellcheck: 'boolean', autotab: 'boolean' });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ spellcheck: false, autotab: true, highlight_associations: true });
  });

  it('chapter calls: create with title and place, reorder and rename with whole chapter objects, delete without a body', async () => {
    const story = await createStandalone('Chapters');
    const storyId = story.story_id as string;
    const [first] = story.chapters as Json[];

    const created = await sendJson('POST', `/api/stories/${storyId}/chapter`, {
      title: 'Chapter 2',
      place: 2,
    });
    const second = created.body as Json;
    const reordered = await sendJson('PUT', `/api/stories/${storyId}/chapters`, [
      { ...second, place: 1 },
      { ...first, place: 2 },
    ]);
    const renamed = await sendJson('PUT', `/api/stories/${storyId}/chapters/${first!.id as string}`, {
      ...first,
      title: 'The Beginning',
    });
    const deleted = await author.fetch(`/api/stories/${storyId}/chapter/${second.id as string}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
    const after = (await getJson(`/api/stories/${storyId}`)).body as Json;

    expect(created.status).toBe(201);
    expectFields(second, chapterFields);
    expect(reordered.status).toBe(200);
    expect(renamed.status).toBe(200);
    expectFields(renamed.body, chapterFields);
    expect(deleted.status).toBe(204);
    expect(after.chapters).toEqual([
      expect.objectContaining({ id: first!.id, title: 'The Beginning', place: 1 }),
    ]);
  });

  it('block sync: chunks as strings and as paragraph objects are stored, read back as strings; delete and order', async () => {
    const story = await createStandalone('Blocks');
    const storyId = story.story_id as string;
    const chapterId = (story.chapters as Json[])[0]!.id as string;
    const asString = JSON.stringify(paragraphObject('asString', 'Sent as text.'));

    const saved = await sendJson('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: [
        { key_id: 'asString', chunk: asString, place: '1' },
        { key_id: 'asObject', chunk: paragraphObject('asObject', 'Sent as an object.'), place: '2' },
      ],
    });
    const ordered = await sendJson('PUT', `/api/stories/${storyId}/orderMap`, {
      chapter_id: chapterId,
      blocks: [
        { key_id: 'asObject', place: '0' },
        { key_id: 'asString', place: '1' },
      ],
    });
    const content = await getJson(`/api/stories/${storyId}/content?key=${storyId}&chapter=${chapterId}`);
    const items = (content.body as { items: Json[] }).items;
    const removed = await sendJson('DELETE', `/api/stories/${storyId}/block`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: [{ key_id: 'asString', chunk: asString, place: '1' }],
    });
    const full = (await getJson(`/api/stories/${storyId}/full`)).body as Json;

    expect(saved.status).toBe(204);
    expect(ordered.status).toBe(204);
    expect(content.status).toBe(200);
    for (const item of items) expectFields(item, blockItemFields);
    expect(items.slice(0, 2).map((item) => (item.key_id as Json).Value)).toEqual(['asObject', 'asString']);
    expect(JSON.parse((items[0]!.chunk as { Value: string }).Value)).toEqual(
      paragraphObject('asObject', 'Sent as an object.'),
    );
    expect((items[1]!.chunk as { Value: string }).Value).toBe(asString);
    expect(removed.status).toBe(204);
    expectStory(full);
    const [withContents] = full.chapters_with_contents as { chapter: Json; blocks: { items: Json[] } }[];
    expect(typeOf(withContents!.chapter.title)).toBe('string');
    for (const item of withContents!.blocks.items) expectFields(item, blockItemFields);
    expect(withContents!.blocks.items.map((item) => (item.key_id as Json).Value)).not.toContain('asString');
  });

  it('refuses a chunk object that is not a paragraph with the paragraph message', async () => {
    const story = await createStandalone('Bad Blocks');
    const storyId = story.story_id as string;

    const refused = await sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: (story.chapters as Json[])[0]!.id,
      blocks: [{ key_id: 'bad', chunk: { type: 'heading', children: [] }, place: '0' }],
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'validation_failed' });
  });

  it('association calls: create from full objects with an empty association_id, read, update, upload, delete', async () => {
    const story = await createStandalone('Elements');
    const storyId = story.story_id as string;
    const full = {
      association_id: '',
      association_name: 'Victor',
      association_type: 'character',
      aliases: 'Vic, The Doctor',
      case_sensitive: true,
      short_description: 'A scientist.',
      details: { extended_description: 'Born in Geneva.' },
      portrait: '',
    };

    const created = await sendJson('POST', `/api/stories/${storyId}/associations`, [full]);
    const [association] = created.body as Json[];
    const associationId = association!.association_id as string;
    const thumbs = await getJson(`/api/stories/${storyId}/associations/thumbs`);
    const single = await getJson(`/api/stories/${storyId}/associations/${associationId}`);
    const updated = await sendJson('PUT', `/api/stories/${storyId}/associations`, [
      { ...(single.body as Json), short_description: 'A troubled scientist.' },
    ]);
    const upload = await author.fetch(
      `/api/stories/${storyId}/associations/${associationId}/upload?type=character`,
      {
        method: 'PUT',
        body: multipartForm({}, { bytes: await png(), name: 'victor.png', type: 'image/png' }),
      },
    );
    const deleted = await sendJson('DELETE', `/api/stories/${storyId}/associations`, [single.body]);

    expect(created.status).toBe(201);
    expectFields(association, associationFields);
    expect(association!.portrait).toBe(defaultPortraitUrl('character'));
    expect(thumbs.status).toBe(200);
    for (const item of thumbs.body as Json[]) expectFields(item, associationListFields);
    expectFields(single.body, associationFields);
    expect(updated.status).toBe(200);
    expectFields((updated.body as Json[])[0], associationFields);
    expect(upload.status).toBe(200);
    expectFields(await upload.json(), { url: 'string' });
    expect(deleted.status).toBe(204);
  });
  it('billing calls, PUT /api/user {renewing}, outline and export, as §7 sends them, answer the §3 fields', async () => {
    const subscriber = await signIn(runtime, 'contract-subscriber@example.com', 'Sasha');
    const send = (method: string, path: string, body?: unknown) => sendJson(method, path, body, subscriber);
    // The card form's stand-in for Stripe.js on the embedded runtime: it turns card details into a payment method.
    const card = (
      await send('POST', '/billing/local/payment-methods', {
        number: '4242 4242 4242 4242',
        expiration_month: 12,
        expiration_year: 2040,
        cvc: '123',
      })
    ).body as Json;

    const customer = await send('POST', '/billing/customer');
    const customerId = (customer.body as Json).id as string;
    const madeDefault = await send('PUT', '/billing/customer', {
      customer_id: customerId,
      payment_method_id: card.id,
    });
    const payment = await send('GET', '/billing/customer/payment');
    const products = await send('GET', '/billing/products');
    const [product] = products.body as Json[];
    const subscription = await send('POST', '/billing/subscribe', {
      payment_method_id: card.id,
      customer_id: customerId,
      price_id: product!.price_id,
    });
    const notRenewing = await send('PUT', '/api/user', { renewing: false });
    const freeRenewal = await author.sendJson('PUT', '/api/user', { renewing: true });

    expectFields(customer.body, { id: 'string', payment_methods: 'array' });
    expect(madeDefault.status).toBeLessThan(300);
    expectFields(payment.body, {
      id: 'string',
      brand: 'string',
      last_four: 'string',
      expiration_month: 'number',
      expiration_year: 'number',
    });
    expectFields(product, { price_id: 'string', name: 'string', description: 'string' });
    expectFields(subscription.body, { subscription_id: 'string', period_end: 'string' });
    expect(notRenewing.status).toBe(200);
    expectFields(notRenewing.body, userFields);
    expect(notRenewing.body).toMatchObject({
      customer_id: customerId,
      subscription_id: (subscription.body as Json).subscription_id,
      renewing: false,
      expired: false,
    });
    expect(Number((notRenewing.body as Json).expires_at)).toBeGreaterThan(Date.now() / 1000);
    expect(freeRenewal.status).toBe(303);
    expect(freeRenewal.headers.get('location')).toBe('/subscribe');

    const story = (
      await answerOf(
        await subscriber.fetch('/api/stories', {
          method: 'POST',
          body: multipartForm({ title: 'Contracts', description: 'Signed.', series_place: '0' }),
        }),
      )
    ).body as Json;
    const storyId = story.story_id as string;
    const chapterId = (story.chapters as Json[])[0]!.id as string;
    const outline = await send('POST', '/api/outline', { storyID: storyId, type: 'threeAct' });
    const sections = (outline.body as { sections: Json[] }).sections;
    const assigned = await send('PUT', '/api/outline', {
      storyID: storyId,
      sections: sections.map((section, index) => ({
        ...section,
        text: `Notes for act ${index + 1}`,
        chapters: index === 0 ? [chapterId] : [],
      })),
    });
    const singleSection = await send('PUT', '/api/outline', {
      storyID: storyId,
      section: { ...sections[1], description: 'The middle, rewritten.' },
    });
    const storyWithOutline = (await send('GET', `/api/stories/${storyId}`)).body as { outline: Json[] };
    const exported = await send('PUT', `/api/stories/${storyId}/export?type=docx`, {
      html_by_chapter: [{ title: 'Chapter 1', html: '<p></p>' }],
      title: 'Contracts',
      storyID: storyId,
      type: 'docx',
    });

    expect(sections).toHaveLength(3);
    for (const section of sections) {
      expectFields(section, {
        place: 'number',
        header: 'string',
        description: 'string',
        text: 'string',
        chapters: 'array',
      });
    }
    expect(assigned.status).toBeLessThan(300);
    expect(singleSection.status).toBeLessThan(300);
    expect(storyWithOutline.outline).toEqual([
      expect.objectContaining({ place: 1, text: 'Notes for act 1', chapters: [chapterId] }),
      expect.objectContaining({ place: 2, description: 'The middle, rewritten.', chapters: [] }),
      expect.objectContaining({ place: 3, chapters: [] }),
    ]);
    expect(exported.status).toBe(200);
    expectFields(exported.body, { url: 'string' });
    const download = await fetch((exported.body as Json).url as string);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});

describe('default images', () => {
  it('every default image URL answers an image that decodes', async () => {
    const urls = [
      DEFAULT_STORY_IMAGE_URL,
      DEFAULT_SERIES_IMAGE_URL,
      ...ASSOCIATION_TYPES.map(defaultPortraitUrl),
    ];

    for (const url of urls) {
      const response = await fetch(new URL(url, runtime.url));
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();

      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^image\//);
      expect(metadata.width, url).toBeGreaterThan(0);
    }
  });
});
