import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { AssociationListItem } from '../../shared/schemas/associations';
import type { ContinuityWarning } from '../../shared/schemas/continuity';
import type { Story } from '../../shared/schemas/story';
import type { StoryCalendar, Timeline } from '../../shared/schemas/story-time';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { paragraph, run } from '../helpers/paragraphs';
import { createTwoVolumes } from '../helpers/story-text';

/**
 * Issue 25 §1 on the embedded runtime: a calendar of the author's own kept by the series for all its volumes,
 * chapters dated in it (impossible dates refused), the timeline of a story and of its series with the Story
 * Bible's counts as lanes, and the checks that read story time.
 */
const SHIRE = {
  months: [
    { name: 'Afteryule', days: 30 },
    { name: 'Solmath', days: 30 },
    { name: 'Rethe', days: 30 },
    { name: 'Yule', days: 2 },
  ],
  week_days: ['Sterday', 'Sunday'],
  epoch_name: 'S.R.',
};

describe('story time', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let story: Story;
  let sequel: Story;
  let chapters: string[];

  const dateChapter = (chapterId: string, body: unknown, storyId = story.story_id) =>
    author.sendJson('PUT', `/api/stories/${storyId}/chapters/${chapterId}/time`, body);
  const write = async (storyId: string, chapterId: string, text: string) => {
    const content = (await (
      await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`)
    ).json()) as {
      items: { key_id: { Value: string } }[];
    };
    const keyId = content.items[0]!.key_id.Value;
    const saved = await author.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: JSON.stringify(paragraph(run(text))), place: '0' }],
    });
    expect(saved.ok).toBe(true);
  };
  const timeline = async (path = `/api/stories/${story.story_id}/timeline`) => {
    const response = await author.fetch(path);
    expect(response.status).toBe(200);
    return (await response.json()) as Timeline;
  };

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'author@example.com', 'Tolkien');
    ({ story, sequel, chapters } = await createTwoVolumes(runtime, author, ['Bree', 'The Old Forest']));
    await author.sendJson('POST', `/api/stories/${story.story_id}/associations`, [
      { association_name: 'Aragorn', association_type: 'character' },
      { association_name: 'Bree', association_type: 'place' },
      { association_name: 'Rivendell', association_type: 'place' },
    ]);
    await write(story.story_id, chapters[0]!, 'Aragorn rested in Rivendell.');
    await write(story.story_id, chapters[1]!, 'Aragorn sat in a corner of Bree. Aragorn watched.');
    await write(sequel.story_id, sequel.chapters[0]!.id, 'Aragorn ran.');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('keeps a calendar of the author’s own on the series, for every volume', async () => {
    const initial = (await (
      await author.fetch(`/api/stories/${sequel.story_id}/calendar`)
    ).json()) as StoryCalendar;
    expect(initial).toMatchObject({ kind: 'gregorian', series_id: story.series_id, year_zero: false });
    expect(initial.months).toHaveLength(12);

    const set = await author.sendJson('PUT', `/api/stories/${story.story_id}/calendar`, SHIRE);
    expect(set.status).toBe(200);

    const seen = (await (
      await author.fetch(`/api/stories/${sequel.story_id}/calendar`)
    ).json()) as StoryCalendar;
    expect(seen).toEqual({
      kind: 'custom',
      months: SHIRE.months,
      week_days: SHIRE.week_days,
      hours_per_day: 24,
      epoch_name: 'S.R.',
      year_zero: false,
      series_id: story.series_id,
    });
    const refused = await author.sendJson('PUT', `/api/stories/${story.story_id}/calendar`, {
      months: [
        { name: 'Rethe', days: 30 },
        { name: 'rethe', days: 3 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Two months have the same name.');
  });

  it('dates chapters in the calendar and refuses a day it does not have', async () => {
    const dated = await dateChapter(chapters[0]!, { start: { year: 1418, month: 3, day: 20 } });
    expect(dated.status).toBe(200);
    expect(await dated.json()).toEqual({
      chapter_id: chapters[0],
      start: { year: 1418, month: 3, day: 20 },
      end: null,
      flashback: false,
    });

    const impossible = await dateChapter(chapters[1]!, { start: { year: 1418, month: 4, day: 3 } });
    expect(impossible.status).toBe(400);
    expect(((await impossible.json()) as { message: string }).message).toBe('Yule 1418 S.R. has 2 days.');
    const backwards = await dateChapter(chapters[1]!, {
      start: { year: 1418, month: 3, day: 20 },
      end: { year: 1418, month: 2, day: 1 },
    });
    expect(((await backwards.json()) as { message: string }).message).toBe(
      'A chapter cannot end before it starts.',
    );
    for (const bad of [
      { start: { year: 1418, month: 1, day: 1, minute: 5 } },
      { start: { year: 1e9, month: 1, day: 1 } },
      {},
    ]) {
      expect((await dateChapter(chapters[1]!, bad)).status).toBe(400);
    }
    expect((await dateChapter('no-such-chapter', null)).status).toBe(404);
  });

  it('answers the timeline in story time, an undated chapter following the one before, with lanes', async () => {
    expect(
      (await dateChapter(chapters[2]!, { start: { year: 1418, month: 1, day: 2 }, flashback: true })).status,
    ).toBe(200);

    const answer = await timeline();

    expect(answer.calendar.epoch_name).toBe('S.R.');
    expect(
      answer.chapters.map(({ title, start, time_set, flashback, reading_order }) => ({
        title,
        start,
        time_set,
        flashback,
        reading_order,
      })),
    ).toEqual([
      {
        title: 'The Old Forest',
        start: { year: 1418, month: 1, day: 2 },
        time_set: true,
        flashback: true,
        reading_order: 3,
      },
      {
        title: story.chapters[0]!.title,
        start: { year: 1418, month: 3, day: 20 },
        time_set: true,
        flashback: false,
        reading_order: 1,
      },
      {
        title: 'Bree',
        start: { year: 1418, month: 3, day: 20 },
        time_set: false,
        flashback: false,
        reading_order: 2,
      },
    ]);
    const lanes = Object.fromEntries(answer.lanes.map((lane) => [lane.name, lane]));
    expect(answer.lanes.map((lane) => lane.type)).toEqual(['character', 'place', 'place']);
    expect(lanes.Aragorn!.appearances).toEqual([
      { chapter_id: chapters[0], count: 1 },
      { chapter_id: chapters[1], count: 2 },
    ]);
    // The lanes are the Story Bible's counts, not a second count.
    const grid = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/mentions`)
    ).json()) as {
      tallies: { association_id: string; by_chapter: Record<string, number> }[];
    };
    const aragornTally = grid.tallies.find(
      (tally) => tally.association_id === lanes.Aragorn!.association_id,
    )!;
    expect(Object.fromEntries(lanes.Aragorn!.appearances.map((a) => [a.chapter_id, a.count]))).toEqual(
      aragornTally.by_chapter,
    );
  });

  it('answers the series’ timeline across its volumes, on one time axis', async () => {
    const sequelChapter = sequel.chapters[0]!.id;
    expect(
      (await dateChapter(sequelChapter, { start: { year: 1418, month: 2, day: 1 } }, sequel.story_id)).status,
    ).toBe(200);

    const answer = await timeline(`/api/series/${story.series_id}/timeline`);

    expect(
      answer.chapters.map((chapter) => [chapter.volume, chapter.reading_order, chapter.start?.month]),
    ).toEqual([
      [1, 3, 1],
      [2, 4, 2],
      [1, 1, 3],
      [1, 2, 3],
    ]);
    // Aragorn is the first volume's own: the sequel's mention is not his until the series shares him.
    const aragornLane = async () =>
      (await timeline(`/api/series/${story.series_id}/timeline`)).lanes
        .find((lane) => lane.name === 'Aragorn')!
        .appearances.map((appearance) => appearance.chapter_id);
    expect(await aragornLane()).toEqual([chapters[0], chapters[1]]);
    const thumbs = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/thumbs`)
    ).json()) as AssociationListItem[];
    const aragorn = thumbs.find((thumb) => thumb.association_name === 'Aragorn')!;
    const shared = await author.sendJson(
      'POST',
      `/api/stories/${story.story_id}/associations/${aragorn.association_id}/share`,
    );
    expect(shared.status).toBe(200);
    expect(await aragornLane()).toEqual([chapters[0], chapters[1], sequelChapter]);
  });

  it('refuses a calendar that would lose a chapter’s date, and goes back to the Gregorian one', async () => {
    expect((await dateChapter(chapters[1]!, { start: { year: 1418, month: 4, day: 2 } })).status).toBe(200);
    const fewerMonths = await author.sendJson('PUT', `/api/stories/${story.story_id}/calendar`, {
      months: [{ name: 'Afteryule', days: 30 }],
    });
    expect(fewerMonths.status).toBe(409);
    expect(await fewerMonths.json()).toMatchObject({ error: 'calendar_in_use' });

    expect((await dateChapter(chapters[1]!, null)).status).toBe(200);
    expect((await dateChapter(sequel.chapters[0]!.id, null, sequel.story_id)).status).toBe(200);
    const reset = await author.sendJson('DELETE', `/api/stories/${story.story_id}/calendar`);
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as StoryCalendar).kind).toBe('gregorian');
    expect((await timeline()).chapters.find((chapter) => chapter.chapter_id === chapters[1])!.time_set).toBe(
      false,
    );
  });

  it('warns a subscriber of a chapter set before the one before it that is not a flashback', async () => {
    await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
    expect((await dateChapter(chapters[2]!, { start: { year: 1418, month: 1, day: 2 } })).status).toBe(200);

    const warnings = (await (
      await author.fetch(`/api/stories/${story.story_id}/continuity`)
    ).json()) as ContinuityWarning[];

    expect(warnings.map(({ kind, chapter_id }) => ({ kind, chapter_id }))).toEqual([
      { kind: 'time_order', chapter_id: chapters[2] },
    ]);
    expect(warnings[0]!.message).toBe(
      `This chapter is set on 2 January 1418, before “${story.chapters[0]!.title}” (20 March 1418), but is not marked a flashback.`,
    );
  });

  it('works out an Age from a Born fact and the story time of the chapter asked about', async () => {
    const thumbs = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/thumbs`)
    ).json()) as AssociationListItem[];
    const aragorn = thumbs.find((thumb) => thumb.association_name === 'Aragorn')!.association_id;
    const born = await author.sendJson(
      'POST',
      `/api/stories/${story.story_id}/associations/${aragorn}/facts`,
      {
        label: 'Born',
        value: '1 March 1400',
        from_chapter_id: chapters[0],
      },
    );
    expect(born.status).toBe(201);
    const bornId = ((await born.json()) as { fact_id: string }).fact_id;

    // Chapter 2 has no time of its own: it follows chapter 1's, 20 March 1418.
    const association = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/${aragorn}?as_of=${chapters[1]}`)
    ).json()) as { derived_facts: unknown[] };
    const storyFacts = (await (
      await author.fetch(`/api/stories/${story.story_id}/facts?as_of=${chapters[2]}`)
    ).json()) as { derived: unknown[] };

    expect(association.derived_facts).toEqual([
      { association_id: aragorn, label: 'Age', value: '18', from_fact_id: bornId },
    ]);
    // Chapter 3 is set on 2 January 1418, before his birthday.
    expect(storyFacts.derived).toEqual([
      { association_id: aragorn, label: 'Age', value: '17', from_fact_id: bornId },
    ]);
  });
});
