import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Series } from '../../shared/schemas/series';
import type { FullStory, Story } from '../../shared/schemas/story';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import { authorCalls, type Intruder, type Victim } from '../helpers/author-calls';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm, png } from '../helpers/images';

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

  it.each(authorCalls)('answers 404 to %s', async (_name, call) => {
    const response = await call(intruder, victim, intruderIds);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('changes nothing of the owner’s data, whatever is tried', async () => {
    for (const [, call] of authorCalls) await call(intruder, victim, intruderIds);
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
