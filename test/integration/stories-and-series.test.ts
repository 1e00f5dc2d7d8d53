import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { ChapterContent } from '../../shared/schemas/block';
import type { Series } from '../../shared/schemas/series';
import { DEFAULT_STORY_IMAGE_URL } from '../../shared/default-images';
import type { Story } from '../../shared/schemas/story';
import {
  movableClock,
  purgeTrashAfterRetention,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../helpers/embedded-runtime';
import { gif, jpegWithLocation, multipartForm, png } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';
import { createStoryWithText } from '../helpers/story-text';

describe('stories and series on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  const clock = movableClock();

  beforeAll(async () => {
    runtime = await startTestRuntime({ now: clock.now });
    author = await signIn(runtime, 'mary@example.com', 'Mary');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const createStory = async (fields: Record<string, string>, file?: Parameters<typeof multipartForm>[1]) => {
    const response = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm(fields, file),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Story;
  };

  const partitionItems = async (partitionKey: string) => {
    const { Items } = await runtime.database.client.send(
      new QueryCommand({
        TableName: runtime.database.tableName,
        KeyConditionExpression: 'PK = :partition',
        ExpressionAttributeValues: { ':partition': partitionKey },
      }),
    );
    return Items ?? [];
  };

  it('creates a standalone story with a generated 300 px jpeg cover and a first chapter ready to write in', async () => {
    const story = await createStory({ title: 'Frankenstein', description: 'A modern Prometheus.' });

    expect(story).toMatchObject({ title: 'Frankenstein', description: 'A modern Prometheus.' });
    expect(story.series_id).toBeUndefined();
    expect(story.image_url).toMatch(new RegExp(`^/images/stories/${story.story_id}/title-cover-\\d+\\.jpg$`));
    const cover = await author.fetch(story.image_url);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    const coverSize = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([coverSize.width, coverSize.height]).toEqual([300, 300]);

    const fetched = (await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story;
    expect(fetched.chapters).toEqual([
      expect.objectContaining({ title: 'Chapter 1', place: 1, status: 'ready' }),
    ]);
    const content = await author.fetch(
      `/api/stories/${story.story_id}/content?chapter=${fetched.chapters![0]!.id}`,
    );
    expect(content.status).toBe(200);
    const { items } = (await content.json()) as ChapterContent;
    expect(items).toHaveLength(1);
    expect(JSON.parse(items[0]!.chunk.Value)).toMatchObject({ type: 'custom-paragraph', children: [] });
  });

  it('stores an uploaded photo re-encoded, without its EXIF and GPS metadata', async () => {
    const photo = await jpegWithLocation();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const story = await createStory(
      { title: 'Travels', description: 'Photos from the road.' },
      { bytes: photo, name: 'holiday.jpeg', type: 'image/jpeg' },
    );

    const stored = Buffer.from(await (await author.fetch(story.image_url)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
  });

  it('judges an image by its content: a png named .gif is stored as png, text named .png is refused with 415', async () => {
    const disguised = await createStory(
      { title: 'Disguised', description: 'A png in gif clothing.' },
      { bytes: await png(), name: 'picture.gif', type: 'image/gif' },
    );
    const refused = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm(
        { title: 'Refused', description: 'Not an image.' },
        {
          bytes: new TextEncoder().encode('just some text, honestly'),
          name: 'picture.png',
          type: 'image/png',
        },
      ),
    });

    expect(disguised.image_url).toMatch(/\.png$/);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Only images of the following type are allowed: png,jpg,jpeg,gif',
    });
  });

  it('refuses an image over the size limit with 413 and stores no story', async () => {
    const before = ((await (await author.fetch('/api/stories')).json()) as Story[]).length;
    const oversized = new Uint8Array(4 * 1024 * 1024 + 1);
    oversized.set(await gif(), 0);

    const response = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm(
        { title: 'Too big', description: 'Huge.' },
        { bytes: oversized, name: 'big.gif', type: 'image/gif' },
      ),
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
    expect(((await (await author.fetch('/api/stories')).json()) as Story[]).length).toBe(before);
  });

  it('answers the spec messages for a missing and an invalid title with 400', async () => {
    const missing = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: '   ', description: 'Something.' }),
    });
    const invalid = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'aws:secret', description: 'Something.' }),
    });

    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('Story title is required');
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe(
      "A title may be at most 256 characters and may not start with 'aws:'.",
    );
  });

  it('creates a series from a new series title, then adds a second volume to it by title', async () => {
    const first = await createStory({
      title: 'Dune',
      description: 'Spice.',
      series_title: 'Dune Chronicles',
    });
    const second = await createStory({
      title: 'Dune Messiah',
      description: 'More spice.',
      series_title: 'dune chronicles',
      series_place: '1',
    });

    expect(second.series_id).toBe(first.series_id);
    const series = (await (await author.fetch(`/api/series/${first.series_id}`)).json()) as Series;
    expect(series.series_title).toBe('Dune Chronicles');
    expect(series.stories.map((story) => [story.title, story.place])).toEqual([
      ['Dune Messiah', 1],
      ['Dune', 2],
    ]);
    const allSeries = (await (await author.fetch('/api/series')).json()) as Series[];
    expect(allSeries.filter((item) => item.series_title === 'Dune Chronicles')).toHaveLength(1);
  });

  it('edits a story: details, a new image that replaces the old one, and a move into a series', async () => {
    const story = await createStory({ title: 'Draft', description: 'First draft.' });
    const home = await createStory({ title: 'Volume One', description: 'Opens.', series_title: 'Saga' });

    const response = await author.fetch(`/api/stories/${story.story_id}/details`, {
      method: 'PUT',
      body: multipartForm(
        {
          title: 'Second Draft',
          description: 'Better.',
          series_id: home.series_id!,
          series_name: '',
          series_place: '',
        },
        { bytes: await png(), name: 'cover.png', type: 'image/png' },
      ),
    });

    expect(response.status).toBe(200);
    const updated = (await response.json()) as Story;
    expect(updated).toMatchObject({
      title: 'Second Draft',
      description: 'Better.',
      series_id: home.series_id,
      series_place: 2,
    });
    expect(updated.image_url).toMatch(/\.png$/);
    expect((await author.fetch(story.image_url)).status).toBe(404);
    expect((await author.fetch(updated.image_url)).status).toBe(200);
  });

  it('draws a cover made from the title again when the story is renamed, and keeps an uploaded cover', async () => {
    const rename = async (storyId: string, title: string) => {
      const response = await author.fetch(`/api/stories/${storyId}/details`, {
        method: 'PUT',
        body: multipartForm({
          title,
          description: 'Same.',
          series_id: '',
          series_name: '',
          series_place: '',
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Story;
    };
    const drawn = await createStory({ title: 'Working Title', description: 'Same.' });
    const uploaded = await createStory(
      { title: 'Photographed', description: 'Same.' },
      { bytes: await png(), name: 'cover.png', type: 'image/png' },
    );

    const renamed = await rename(drawn.story_id, 'The Final Title');
    const renamedUploaded = await rename(uploaded.story_id, 'Still Photographed');

    expect(renamed.image_url).toMatch(/\/title-cover-\d+\.jpg$/);
    expect(renamed.image_url).not.toBe(drawn.image_url);
    expect((await author.fetch(drawn.image_url)).status).toBe(404);
    expect((await author.fetch(renamed.image_url)).status).toBe(200);
    expect(renamedUploaded.image_url).toBe(uploaded.image_url);
  });

  it("removes a story's cover: the object is deleted and the default picture answered; another author gets 404", async () => {
    // Arrange
    const story = await createStory(
      { title: 'Covered', description: 'With a photo.' },
      { bytes: await png(), name: 'cover.png', type: 'image/png' },
    );
    const coverKey = story.image_url.slice(1);
    const removal = multipartForm({ title: 'Covered', description: 'With a photo.', remove_image: 'true' });
    const intruder = await signIn(runtime, 'ivan@example.com', 'Ivan');

    // Act
    const refused = await intruder.fetch(`/api/stories/${story.story_id}/details`, {
      method: 'PUT',
      body: removal,
    });
    const bothAtOnce = await author.fetch(`/api/stories/${story.story_id}/details`, {
      method: 'PUT',
      body: multipartForm(
        { title: 'Covered', description: 'With a photo.', remove_image: 'true' },
        { bytes: await png(), name: 'other.png', type: 'image/png' },
      ),
    });
    const coverAfterRefusals = await runtime.ports.blobs.get('images', coverKey);
    const removed = await author.fetch(`/api/stories/${story.story_id}/details`, {
      method: 'PUT',
      body: removal,
    });

    // Assert
    expect(refused.status).toBe(404);
    expect(bothAtOnce.status).toBe(400);
    expect(coverAfterRefusals).toBeDefined();
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Story).image_url).toBe(DEFAULT_STORY_IMAGE_URL);
    expect(await runtime.ports.blobs.get('images', coverKey)).toBeUndefined();
    const reread = (await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story;
    expect(reread.image_url).toBe(DEFAULT_STORY_IMAGE_URL);
  });

  it('reorders a series, renumbering places from 1, and leaves out stories that then become standalone', async () => {
    const a = await createStory({ title: 'Alpha', description: 'a', series_title: 'Greek Letters' });
    const b = await createStory({ title: 'Beta', description: 'b', series_id: a.series_id! });
    const c = await createStory({ title: 'Gamma', description: 'c', series_id: a.series_id! });
    const loose = await createStory({ title: 'Delta', description: 'd' });

    const response = await author.fetch(`/api/series/${a.series_id}`, {
      method: 'PUT',
      body: multipartForm({
        series_title: 'Greek Letters, Revised',
        series_description: 'Four letters, give or take.',
        stories: JSON.stringify([
          { story_id: c.story_id, place: 4 },
          { story_id: loose.story_id, place: 7 },
          { story_id: a.story_id, place: 2 },
        ]),
      }),
    });

    expect(response.status).toBe(200);
    const series = (await response.json()) as Series;
    expect(series).toMatchObject({
      series_title: 'Greek Letters, Revised',
      series_description: 'Four letters, give or take.',
    });
    expect(series.stories.map((story) => [story.title, story.place, story.series_place])).toEqual([
      ['Alpha', 1, 1],
      ['Gamma', 2, 2],
      ['Delta', 3, 3],
    ]);
    const beta = (await (await author.fetch(`/api/stories/${b.story_id}`)).json()) as Story;
    expect(beta.series_id).toBeUndefined();
  });

  it("answers the spec's messages for a blank series title and description", async () => {
    const volume = await createStory({ title: 'Lonely', description: 'x', series_title: 'Blank Test' });

    const blankTitle = await author.fetch(`/api/series/${volume.series_id}`, {
      method: 'PUT',
      body: multipartForm({ series_title: ' ', series_description: 'fine' }),
    });
    const blankDescription = await author.fetch(`/api/series/${volume.series_id}`, {
      method: 'PUT',
      body: multipartForm({ series_title: 'fine', series_description: '' }),
    });

    expect((await blankTitle.json()).message).toBe('Title cannot be blank');
    expect((await blankDescription.json()).message).toBe('Description cannot be blank');
  });

  it('removes a story from its series, moving the later volumes up', async () => {
    const first = await createStory({ title: 'One', description: '1', series_title: 'Numbers' });
    const second = await createStory({ title: 'Two', description: '2', series_id: first.series_id! });
    const third = await createStory({ title: 'Three', description: '3', series_id: first.series_id! });

    const response = await author.fetch(`/api/series/${first.series_id}/story/${second.story_id}`, {
      method: 'PUT',
    });

    expect(response.status).toBe(200);
    const series = (await response.json()) as Series;
    expect(series.stories.map((story) => [story.story_id, story.place])).toEqual([
      [first.story_id, 1],
      [third.story_id, 2],
    ]);
    const removed = (await (await author.fetch(`/api/stories/${second.story_id}`)).json()) as Story;
    expect(removed.series_id).toBeUndefined();
  });

  it('deletes a series and keeps its stories as standalone stories', async () => {
    const volume = await createStory({ title: 'Survivor', description: 's', series_title: 'Doomed Series' });

    const response = await author.fetch(`/api/series/${volume.series_id}`, { method: 'DELETE' });

    expect(response.status).toBe(204);
    expect((await author.fetch(`/api/series/${volume.series_id}`)).status).toBe(404);
    const story = (await (await author.fetch(`/api/stories/${volume.story_id}`)).json()) as Story;
    expect(story.series_id).toBeUndefined();
  });

  it('keeps document settings per story, with spellcheck and autotab on by default', async () => {
    const story = await createStory({ title: 'Settings', description: 'x' });

    const defaults = await (await author.fetch(`/api/stories/${story.story_id}/settings`)).json();
    const saved = await author.fetch(`/api/stories/${story.story_id}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spellcheck: false, autotab: true }),
    });
    const reread = await (await author.fetch(`/api/stories/${story.story_id}/settings`)).json();

    expect(defaults).toEqual({ spellcheck: true, autotab: true, highlight_associations: true });
    expect(saved.status).toBe(200);
    expect(reread).toEqual({ spellcheck: false, autotab: true, highlight_associations: true });
  });

  it('deletes a story into the trash, and the purge 30 days later removes everything in it, leaving other stories and their series untouched', async () => {
    const keeper = await createStory({ title: 'Keeper', description: 'k', series_title: 'Mixed' });
    const doomed = await createStory({ title: 'Doomed', description: 'd', series_id: keeper.series_id! });
    const doomedStory = (await (await author.fetch(`/api/stories/${doomed.story_id}`)).json()) as Story;
    const added = await author.fetch(`/api/stories/${doomed.story_id}/chapter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Chapter 2', place: 2 }),
    });
    const secondChapter = await added.json();
    await runtime.queue.drain();
    await author.fetch(`/api/stories/${doomed.story_id}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spellcheck: false, autotab: false }),
    });
    const chapterIds = [doomedStory.chapters![0]!.id, secondChapter.id as string];
    const imageKey = doomed.image_url.slice(1);
    expect(await partitionItems(`STORY#${doomed.story_id}`)).not.toHaveLength(0);

    const response = await author.fetch(`/api/stories/${doomed.story_id}`, { method: 'DELETE' });

    expect(response.status).toBe(204);
    expect((await author.fetch(`/api/stories/${doomed.story_id}`)).status).toBe(404);
    await runtime.queue.drain();
    expect(await partitionItems(`STORY#${doomed.story_id}`)).not.toHaveLength(0);
    await purgeTrashAfterRetention(runtime, clock);
    expect(await partitionItems(`STORY#${doomed.story_id}`)).toEqual([]);
    for (const chapterId of chapterIds) expect(await partitionItems(`CHAPTER#${chapterId}`)).toEqual([]);
    expect(await runtime.ports.blobs.get('images', imageKey)).toBeUndefined();
    const series = (await (await author.fetch(`/api/series/${keeper.series_id}`)).json()) as Series;
    expect(series.stories.map((story) => story.story_id)).toEqual([keeper.story_id]);
    expect(await runtime.ports.blobs.get('images', keeper.image_url.slice(1))).toBeDefined();
    expect(await partitionItems(`STORY#${keeper.story_id}`)).not.toHaveLength(0);
  }, 60_000);

  it("lists only the author's own stories, oldest first, volumes with their series and place", async () => {
    const lister = await signIn(runtime, 'lister@example.com');
    const create = (fields: Record<string, string>) =>
      lister.fetch('/api/stories', { method: 'POST', body: multipartForm(fields) }).then((r) => r.json());
    const first = (await create({ title: 'First', description: '1', series_title: 'Pair' })) as Story;
    await create({ title: 'Second', description: '2', series_id: first.series_id!, series_place: '1' });
    await create({ title: 'Third', description: '3' });

    const stories = (await (await lister.fetch('/api/stories')).json()) as Story[];

    expect(stories.map((story) => [story.title, story.series_title, story.series_place])).toEqual([
      ['First', 'Pair', 2],
      ['Second', 'Pair', 1],
      ['Third', undefined, undefined],
    ]);
  });

  it("lists each story's chapters from the author's listing, and lists a story written before the listing once read alone", async () => {
    const writer = await signIn(runtime, 'listing@example.com');
    const story = (await (
      await writer.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Listed', description: 'Chapters by owner' }),
      })
    ).json()) as Story;
    const added = (await (
      await writer.fetch(`/api/stories/${story.story_id}/chapter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Second', place: 1 }),
      })
    ).json()) as { chapter_id: string };
    await writer.fetch(`/api/stories/${story.story_id}/chapters/${added.chapter_id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Prologue' }),
    });
    const listedTitles = async () => {
      const stories = (await (await writer.fetch('/api/stories')).json()) as Story[];
      return stories[0]!.chapters.map((chapter) => [chapter.title, chapter.place]);
    };
    expect(await listedTitles()).toEqual([
      ['Prologue', 1],
      ['Chapter 1', 2],
    ]);

    const chapterItems = (await partitionItems(`STORY#${story.story_id}`)).filter((item) =>
      String(item.SK).startsWith('CHAPTER'),
    );
    expect(chapterItems).toHaveLength(3);
    for (const item of chapterItems) {
      await runtime.database.client.send(
        new UpdateCommand({
          TableName: runtime.database.tableName,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'REMOVE owner_PK, owner_SK',
        }),
      );
    }

    expect(await listedTitles()).toEqual([
      ['Prologue', 1],
      ['Chapter 1', 2],
    ]);
    const relisted = (await partitionItems(`STORY#${story.story_id}`)).filter((item) =>
      String(item.SK).startsWith('CHAPTER'),
    );
    expect(relisted.map((item) => item.owner_SK).sort()).toEqual(
      chapterItems.map((item) => `${item.PK}#${item.SK}`).sort(),
    );
  });

  it("answers each story's words and last edit from what its saves keep, and counts a chapter written before counts once", async () => {
    const writer = await signIn(runtime, 'words@example.com');
    const { storyId, chapterIds } = await createStoryWithText(runtime, writer, [
      [
        paragraph(run('It was a bright cold day in April.')),
        paragraph(run('The clocks were striking thirteen.')),
      ],
      [paragraph(run('Winston Smith slipped quickly through the glass doors.'))],
    ]);
    const listed = async () =>
      ((await (await writer.fetch('/api/stories')).json()) as Story[]).find(
        (story) => story.story_id === storyId,
      )!;
    const written = await listed();
    expect(written.word_count).toBe(21);
    expect(written.last_edited_at > written.updated_at).toBe(true);

    const deleted = await writer.sendJson('DELETE', `/api/stories/${storyId}/block`, {
      chapter_id: chapterIds[0],
      blocks: [{ key_id: '0-1' }],
    });
    expect(deleted.status).toBe(204);
    const afterDelete = await listed();
    expect(afterDelete.word_count).toBe(16);
    expect(afterDelete.last_edited_at >= written.last_edited_at).toBe(true);

    // As chapters written before counts were kept: no count, no dated edit.
    const chapterItems = (await partitionItems(`STORY#${storyId}`)).filter((item) =>
      String(item.SK).startsWith('CHAPTER#'),
    );
    for (const item of chapterItems) {
      await runtime.database.client.send(
        new UpdateCommand({
          TableName: runtime.database.tableName,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'REMOVE word_count, words_counted, edited_at',
        }),
      );
    }
    expect((await listed()).word_count).toBe(16);
    const counted = (await partitionItems(`STORY#${storyId}`)).filter((item) =>
      String(item.SK).startsWith('CHAPTER#'),
    );
    expect(counted.map((item) => [item.word_count, item.words_counted]).sort()).toEqual([
      [8, true],
      [8, true],
    ]);

    const saved = await writer.sendJson('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterIds[1],
      blocks: [{ key_id: '1-1', chunk: JSON.stringify(paragraph(run('Big Brother is watching you.'))) }],
    });
    expect(saved.status).toBe(204);
    expect((await listed()).word_count).toBe(21);
    const opened = (await (await writer.fetch(`/api/stories/${storyId}`)).json()) as Story;
    expect(opened.word_count).toBe(21);
  });
});
