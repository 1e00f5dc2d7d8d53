import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Series } from '../../shared/schemas/series';
import type { FullStory, Story } from '../../shared/schemas/story';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm, png } from '../helpers/images';

interface Victim {
  storyId: string;
  seriesId: string;
  chapterId: string;
  keyId: string;
}

interface Intruder {
  storyId: string;
  seriesId: string;
}

type Call = (browser: TestBrowser, victim: Victim, intruder: Intruder) => Promise<Response>;

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const paragraph = (keyId: string) =>
  JSON.stringify({
    type: 'custom-paragraph',
    key_id: keyId,
    format: '',
    indent: 0,
    direction: null,
    children: [{ type: 'text', text: 'Overwritten!', format: 0, style: '', detail: 0 }],
  });

/** Every story, series, chapter, content and block call, aimed at another author's ids. */
const calls: [string, Call][] = [
  ['GET story', (b, v) => b.fetch(`/api/stories/${v.storyId}`)],
  ['GET full story', (b, v) => b.fetch(`/api/stories/${v.storyId}/full`)],
  [
    'PUT story details',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/details`, {
        method: 'PUT',
        body: multipartForm({ title: 'Hijacked', description: 'Mine now.' }),
      }),
  ],
  [
    'PUT story details removing the image',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/details`, {
        method: 'PUT',
        body: multipartForm({ title: 'Hijacked', description: 'Mine now.', remove_image: 'true' }),
      }),
  ],
  ['DELETE story', (b, v) => b.fetch(`/api/stories/${v.storyId}`, { method: 'DELETE' })],
  ['GET settings', (b, v) => b.fetch(`/api/stories/${v.storyId}/settings`)],
  [
    'PUT settings',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/settings`, json('PUT', { spellcheck: false, autotab: false })),
  ],
  ['GET series', (b, v) => b.fetch(`/api/series/${v.seriesId}`)],
  [
    'PUT series',
    (b, v) =>
      b.fetch(`/api/series/${v.seriesId}`, {
        method: 'PUT',
        body: multipartForm({ series_title: 'Hijacked', series_description: 'Mine now.', stories: '[]' }),
      }),
  ],
  ['DELETE series', (b, v) => b.fetch(`/api/series/${v.seriesId}`, { method: 'DELETE' })],
  [
    'PUT remove story from series',
    (b, v) => b.fetch(`/api/series/${v.seriesId}/story/${v.storyId}`, { method: 'PUT' }),
  ],
  [
    'PUT remove their story from my series',
    (b, v, i) => b.fetch(`/api/series/${i.seriesId}/story/${v.storyId}`, { method: 'PUT' }),
  ],
  [
    'PUT my series with their story in its list',
    (b, v, i) =>
      b.fetch(`/api/series/${i.seriesId}`, {
        method: 'PUT',
        body: multipartForm({
          series_title: 'Mine',
          series_description: 'Mine.',
          stories: JSON.stringify([{ story_id: v.storyId, place: 1 }]),
        }),
      }),
  ],
  [
    'POST a story into their series',
    (b, v) =>
      b.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Cuckoo', description: 'In their nest.', series_id: v.seriesId }),
      }),
  ],
  [
    'PUT my story details into their series',
    (b, v, i) =>
      b.fetch(`/api/stories/${i.storyId}/details`, {
        method: 'PUT',
        body: multipartForm({ title: 'Cuckoo', description: 'In their nest.', series_id: v.seriesId }),
      }),
  ],
  [
    'POST chapter',
    (b, v) => b.fetch(`/api/stories/${v.storyId}/chapter`, json('POST', { title: 'Mine', place: 1 })),
  ],
  ['GET chapter', (b, v) => b.fetch(`/api/stories/${v.storyId}/chapters/${v.chapterId}`)],
  [
    'PUT chapter title',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/chapters/${v.chapterId}`, json('PUT', { title: 'Hijacked' })),
  ],
  [
    'PUT chapter order',
    (b, v) => b.fetch(`/api/stories/${v.storyId}/chapters`, json('PUT', [{ id: v.chapterId, place: 1 }])),
  ],
  [
    'DELETE chapter',
    (b, v) => b.fetch(`/api/stories/${v.storyId}/chapter/${v.chapterId}`, { method: 'DELETE' }),
  ],
  ['GET content', (b, v) => b.fetch(`/api/stories/${v.storyId}/content?chapter=${v.chapterId}`)],
  [
    'PUT blocks',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}`,
        json('PUT', {
          chapter_id: v.chapterId,
          blocks: [{ key_id: v.keyId, chunk: paragraph(v.keyId), place: '0' }],
        }),
      ),
  ],
  [
    'PUT blocks into their chapter through my story',
    (b, v, i) =>
      b.fetch(
        `/api/stories/${i.storyId}`,
        json('PUT', {
          chapter_id: v.chapterId,
          blocks: [{ key_id: v.keyId, chunk: paragraph(v.keyId), place: '0' }],
        }),
      ),
  ],
  [
    'DELETE blocks',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}/block`,
        json('DELETE', { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId }] }),
      ),
  ],
  [
    'DELETE blocks of their chapter through my story',
    (b, v, i) =>
      b.fetch(
        `/api/stories/${i.storyId}/block`,
        json('DELETE', { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId }] }),
      ),
  ],
  [
    'PUT block order',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}/orderMap`,
        json('PUT', { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId, place: '0' }] }),
      ),
  ],
  [
    'GET content of their chapter through my story',
    (b, v, i) => b.fetch(`/api/stories/${i.storyId}/content?chapter=${v.chapterId}`),
  ],
  // The intruder subscribes, so the export answers 404 for the story rather than 401 for the plan.
  ['PUT export', (b, v) => b.fetch(`/api/stories/${v.storyId}/export?type=pdf`, json('PUT', {}))],
  ['GET export job', (b, v) => b.fetch(`/api/stories/${v.storyId}/export/job-1`)],
];

describe("another author's stories, series, chapters and paragraphs", () => {
  let runtime: EmbeddedRuntime;
  let owner: TestBrowser;
  let intruder: TestBrowser;
  let victim: Victim;
  let intruderIds: Intruder;
  let before: { full: FullStory; series: Series; settings: unknown };

  const snapshot = async () => ({
    full: (await (await owner.fetch(`/api/stories/${victim.storyId}/full`)).json()) as FullStory,
    series: (await (await owner.fetch(`/api/series/${victim.seriesId}`)).json()) as Series,
    settings: await (await owner.fetch(`/api/stories/${victim.storyId}/settings`)).json(),
  });

  beforeAll(async () => {
    runtime = await startTestRuntime();
    owner = await signIn(runtime, 'owner@example.com', 'Owner');
    intruder = await signIn(runtime, 'intruder@example.com', 'Intruder');
    await grantSubscription(runtime, intruder.cookie(sessionCookieName(runtime.ports.config))!);
    const create = async (browser: TestBrowser, fields: Record<string, string>) =>
      (await (
        await browser.fetch('/api/stories', {
          method: 'POST',
          body: multipartForm(fields, { bytes: await png(), name: 'cover.png', type: 'image/png' }),
        })
      ).json()) as Story;
    const story = await create(owner, {
      title: 'Private',
      description: 'Mine.',
      series_title: 'Private Saga',
    });
    await create(owner, { title: 'Private Two', description: 'Also mine.', series_id: story.series_id! });
    const chapterId = story.chapters![0]!.id;
    const content = await (
      await owner.fetch(`/api/stories/${story.story_id}/content?chapter=${chapterId}`)
    ).json();
    victim = {
      storyId: story.story_id,
      seriesId: story.series_id!,
      chapterId,
      keyId: content.items[0].key_id.Value,
    };
    const own = await create(intruder, {
      title: 'Mine',
      description: 'Really mine.',
      series_title: 'My Saga',
    });
    intruderIds = { storyId: own.story_id, seriesId: own.series_id! };
    before = await snapshot();
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it.each(calls)('answers 404 to %s', async (_name, call) => {
    const response = await call(intruder, victim, intruderIds);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('changes nothing of the owner’s data, whatever is tried', async () => {
    for (const [, call] of calls) await call(intruder, victim, intruderIds);
    await runtime.queue.drain();

    expect(await snapshot()).toEqual(before);
  });

  it('lists none of it to the intruder', async () => {
    const stories = (await (await intruder.fetch('/api/stories')).json()) as Story[];
    const series = (await (await intruder.fetch('/api/series')).json()) as Series[];

    expect(stories.map((story) => story.story_id)).toEqual([intruderIds.storyId]);
    expect(series.map((item) => item.series_id)).toEqual([intruderIds.seriesId]);
  });
});
