import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { StoryProgressSchema, UserProgressSchema, type UserProgress } from '../../shared/schemas/progress';
import { DocumentSettingsSchema } from '../../shared/schemas/settings';
import type { Story } from '../../shared/schemas/story';
import { UserSchema } from '../../shared/schemas/user';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';

describe('writing goals and progress on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let otherAuthor: TestBrowser;
  // 20:00 in Kolkata (UTC+5:30) on 30 June: four and a half hours before the author's midnight. In the future:
  // DynamoDB Local sweeps items whose expiry time has passed by the real clock, sessions included.
  let clock = new Date('2027-06-30T14:30:00Z');

  beforeAll(async () => {
    runtime = await startTestRuntime({ now: () => clock });
    author = await signIn(runtime, 'woolf@example.com', 'Virginia');
    otherAuthor = await signIn(runtime, 'joyce@example.com', 'James');
    const preferences = await author.sendJson('PUT', '/api/user', {
      daily_goal: 5,
      time_zone: 'Asia/Kolkata',
    });
    expect(preferences.status).toBe(200);
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const createStory = async (browser: TestBrowser) => {
    const created = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'The Waves', description: 'Six voices.' }),
    });
    const story = (await created.json()) as Story;
    await runtime.queue.drain();
    return { storyId: story.story_id, chapterId: story.chapters![0]!.id };
  };

  const save = async (storyId: string, chapterId: string, keyId: string, text: string) => {
    const response = await author.sendJson('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: JSON.stringify(paragraph(run(text))), place: '0' }],
    });
    expect(response.status).toBe(204);
  };

  const remove = async (storyId: string, chapterId: string, keyId: string) => {
    const response = await author.sendJson('DELETE', `/api/stories/${storyId}/block`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId }],
    });
    expect(response.status).toBe(204);
  };

  const progress = async (days = 3, browser = author): Promise<UserProgress> => {
    const response = await browser.fetch(`/api/user/progress?days=${days}`);
    expect(response.status).toBe(200);
    return UserProgressSchema.parse(await response.json());
  };

  const wordsOn = async (date: string) => (await progress(5)).days.find((day) => day.date === date)?.words;

  it('keeps the daily goal and time zone on the account, and refuses bad ones with 400', async () => {
    const user = UserSchema.parse(await (await author.fetch('/api/user')).json());
    const badZone = await author.sendJson('PUT', '/api/user', { time_zone: 'Mars/Olympus_Mons' });
    const zeroGoal = await author.sendJson('PUT', '/api/user', { daily_goal: 0 });
    const fractionGoal = await author.sendJson('PUT', '/api/user', { daily_goal: 2.5 });
    const nothing = await author.sendJson('PUT', '/api/user', {});
    const renewalWithoutSubscription = await otherAuthor.sendJson('PUT', '/api/user', { renewing: true });

    expect(user).toMatchObject({ daily_goal: 5, time_zone: 'Asia/Kolkata' });
    expect([badZone.status, zeroGoal.status, fractionGoal.status, nothing.status]).toEqual([
      400, 400, 400, 400,
    ]);
    expect(renewalWithoutSubscription.status).toBe(303);
  });

  it('adds saved words to the author’s day, takes deleted ones back off, and starts a new day at their midnight', async () => {
    const { storyId, chapterId } = await createStory(author);

    await save(storyId, chapterId, 'p1', 'Mrs Dalloway said she would buy the flowers herself.');
    const afterFirstSave = await wordsOn('2027-06-30');
    await save(storyId, chapterId, 'p1', 'Mrs Dalloway said she would buy the flowers.');
    const afterShortening = await wordsOn('2027-06-30');
    await save(storyId, chapterId, 'p2', 'For Lucy had her work cut out for her.');
    const today = await progress(2);

    clock = new Date('2027-06-30T18:31:00Z'); // 00:01 on 1 July in Kolkata
    await save(storyId, chapterId, 'p3', 'The doors would be taken off their hinges.');
    await remove(storyId, chapterId, 'p2');
    const nextDay = await progress(2);
    await remove(storyId, chapterId, 'p1');
    const afterDeletingOldWords = await progress(2);

    expect(afterFirstSave).toBe(9);
    expect(afterShortening).toBe(8);
    expect(today).toEqual({
      daily_goal: 5,
      streak: 1,
      today: '2027-06-30',
      days: [
        { date: '2027-06-29', words: 0 },
        { date: '2027-06-30', words: 17 },
      ],
    });
    // 8 new words, 9 deleted: a day never goes below zero.
    expect(nextDay.today).toBe('2027-07-01');
    expect(nextDay.days).toEqual([
      { date: '2027-06-30', words: 17 },
      { date: '2027-07-01', words: 0 },
    ]);
    expect(nextDay.streak).toBe(1);
    expect(afterDeletingOldWords.days.at(-1)).toEqual({ date: '2027-07-01', words: 0 });
  });

  it('counts nothing for an imported manuscript', async () => {
    // An author who has not written today (in UTC, as they sent no zone): any word counted would show.
    const imported = await otherAuthor.fetch('/api/stories/import', {
      method: 'POST',
      body: multipartForm(
        {},
        {
          bytes: new TextEncoder().encode('Chapter 1\n\nA great many words arrive here at once.\n'),
          name: 'orlando.txt',
        },
      ),
    });
    await runtime.queue.drain();
    const after = await progress(1, otherAuthor);

    expect(imported.status).toBe(202);
    expect(after.days).toEqual([{ date: '2027-06-30', words: 0 }]);
  });

  it('answers the story’s words per chapter against its target and deadline', async () => {
    const { storyId, chapterId } = await createStory(author);
    await save(storyId, chapterId, 'p1', 'One two three four five six seven eight nine ten.');
    const settings = await author.sendJson('PUT', `/api/stories/${storyId}/settings`, {
      spellcheck: true,
      autotab: false,
      target_words: 1010,
      deadline: '2027-07-10',
    });
    // A client that knows only the spec's fields keeps the goal.
    const specOnly = await author.sendJson('PUT', `/api/stories/${storyId}/settings`, {
      spellcheck: false,
      autotab: false,
    });

    const response = await author.fetch(`/api/stories/${storyId}/progress`);
    const storyProgress = StoryProgressSchema.parse(await response.json());

    expect(settings.status).toBe(200);
    expect(DocumentSettingsSchema.parse(await specOnly.json())).toEqual({
      spellcheck: false,
      autotab: false,
      highlight_associations: true,
      target_words: 1010,
      deadline: '2027-07-10',
    });
    // 1,000 words left over 10 days, today (1 July) included.
    expect(storyProgress).toEqual({
      words: 10,
      target_words: 1010,
      deadline: '2027-07-10',
      words_per_day_needed: 100,
      chapters: [{ chapter_id: chapterId, title: 'Chapter 1', words: 10 }],
    });
  });

  it('removes a goal with null and refuses a bad target or deadline with 400', async () => {
    const { storyId } = await createStory(author);
    const fresh = await author.fetch(`/api/stories/${storyId}/settings`);
    const badDate = await author.sendJson('PUT', `/api/stories/${storyId}/settings`, {
      spellcheck: true,
      autotab: true,
      deadline: '2027-02-30',
    });
    const badTarget = await author.sendJson('PUT', `/api/stories/${storyId}/settings`, {
      spellcheck: true,
      autotab: true,
      target_words: -5,
    });
    await author.sendJson('PUT', `/api/stories/${storyId}/settings`, {
      spellcheck: true,
      autotab: true,
      target_words: 50_000,
    });
    const cleared = await author.sendJson('PUT', `/api/stories/${storyId}/settings`, {
      spellcheck: true,
      autotab: true,
      target_words: null,
    });

    expect(await fresh.json()).toEqual({ spellcheck: true, autotab: true, highlight_associations: true });
    expect([badDate.status, badTarget.status]).toEqual([400, 400]);
    expect(await cleared.json()).toEqual({ spellcheck: true, autotab: true, highlight_associations: true });
  });

  it('answers 404 for another author’s story progress and 400 for a bad number of days', async () => {
    const { storyId } = await createStory(author);
    const stranger = await otherAuthor.fetch(`/api/stories/${storyId}/progress`);
    const statuses = await Promise.all(
      ['0', '367', 'ten', '1.5', ''].map(
        async (days) => (await author.fetch(`/api/user/progress?days=${days}`)).status,
      ),
    );
    const byDefault = UserProgressSchema.parse(await (await author.fetch('/api/user/progress')).json());
    const aYear = UserProgressSchema.parse(await (await author.fetch('/api/user/progress?days=366')).json());

    expect(stranger.status).toBe(404);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(byDefault.days).toHaveLength(30);
    expect(aYear.days).toHaveLength(366);
  });
});
