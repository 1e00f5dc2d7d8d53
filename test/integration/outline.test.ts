import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Chapter } from '../../shared/schemas/chapter';
import type { OutlineResponse } from '../../shared/schemas/outline';
import type { Story } from '../../shared/schemas/story';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';

describe('outlines on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let subscriber: TestBrowser;
  let otherSubscriber: TestBrowser;
  let freeAuthor: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    subscriber = await signIn(runtime, 'le-guin@example.com', 'Le Guin');
    otherSubscriber = await signIn(runtime, 'butler@example.com', 'Butler');
    freeAuthor = await signIn(runtime, 'free@example.com', 'Free');
    for (const browser of [subscriber, otherSubscriber]) {
      await grantSubscription(runtime, browser.cookie(sessionCookieName(runtime.ports.config))!);
    }
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const newStory = async (browser: TestBrowser) => {
    const response = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'The Dispossessed', description: 'An ambiguous utopia.' }),
    });
    expect(response.status).toBe(201);
    const story = (await response.json()) as Story;
    return { storyId: story.story_id, firstChapterId: story.chapters![0]!.id };
  };

  const addChapter = async (browser: TestBrowser, storyId: string) =>
    (await (await browser.sendJson('POST', `/api/stories/${storyId}/chapter`, {})).json()) as Chapter;

  const storyOutline = async (browser: TestBrowser, storyId: string) =>
    ((await (await browser.fetch(`/api/stories/${storyId}`)).json()) as Story).outline;

  it('creates an outline from a template for a subscriber, and the story carries it', async () => {
    const { storyId } = await newStory(subscriber);
    expect(await storyOutline(subscriber, storyId)).toEqual([]);

    const created = await subscriber.sendJson('POST', '/api/outline', { storyID: storyId, type: 'fiveAct' });

    expect(created.status).toBe(201);
    const { sections } = (await created.json()) as OutlineResponse;
    expect(sections.map((section) => [section.place, section.header])).toEqual([
      [1, 'Exposition'],
      [2, 'Rising Action'],
      [3, 'Climax'],
      [4, 'Falling Action'],
      [5, 'Dénouement'],
    ]);
    expect(await storyOutline(subscriber, storyId)).toEqual(sections);
  });

  it('refuses a free account with 401 and stores no outline', async () => {
    const { storyId } = await newStory(freeAuthor);

    const created = await freeAuthor.sendJson('POST', '/api/outline', {
      storyID: storyId,
      type: 'threeAct',
    });
    const updated = await freeAuthor.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      section: { place: 1 },
    });

    expect(created.status).toBe(401);
    expect(await created.json()).toEqual({
      error: 'subscription_required',
      message: 'Outlines are only available to subscribers.',
    });
    expect(updated.status).toBe(401);
    const { Item } = await runtime.database.client.send(
      new GetCommand({
        TableName: runtime.database.tableName,
        Key: { PK: `STORY#${storyId}`, SK: 'OUTLINE' },
      }),
    );
    expect(Item).toBeUndefined();
  });

  it("answers 404 for another author's story, whether creating or updating", async () => {
    const { storyId } = await newStory(subscriber);
    await subscriber.sendJson('POST', '/api/outline', { storyID: storyId, type: 'threeAct' });

    const created = await otherSubscriber.sendJson('POST', '/api/outline', {
      storyID: storyId,
      type: 'fiveAct',
    });
    const updated = await otherSubscriber.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      section: { place: 1, text: 'Mine now' },
    });

    expect([created.status, updated.status]).toEqual([404, 404]);
    expect((await storyOutline(subscriber, storyId))!.map((section) => section.text)).toEqual(['', '', '']);
  });

  it('saves one section, assigns chapters to one section at most, and replaces the outline from a new template', async () => {
    const { storyId, firstChapterId } = await newStory(subscriber);
    const second = await addChapter(subscriber, storyId);
    await subscriber.sendJson('POST', '/api/outline', { storyID: storyId, type: 'threeAct' });

    const textSaved = await subscriber.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      section: { place: 1, text: 'Shevek leaves Anarres.', chapters: [firstChapterId, second.id] },
    });
    const moved = await subscriber.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      sections: [
        { place: 2, chapters: [second.id] },
        { place: 3, chapters: [second.id] },
      ],
    });

    expect(textSaved.status).toBe(200);
    expect(moved.status).toBe(200);
    const { sections } = (await moved.json()) as OutlineResponse;
    expect(sections.map((section) => [section.text, section.chapters])).toEqual([
      ['Shevek leaves Anarres.', [firstChapterId]],
      ['', [second.id]],
      ['', []],
    ]);

    const replaced = await subscriber.sendJson('POST', '/api/outline', {
      storyID: storyId,
      type: 'heroJourney',
    });

    expect(replaced.status).toBe(201);
    const outline = (await storyOutline(subscriber, storyId))!;
    expect(outline).toHaveLength(12);
    expect(outline.every((section) => section.text === '' && section.chapters.length === 0)).toBe(true);
  });

  it('refuses a chapter id of another story with 400, an unknown template and a malformed body likewise', async () => {
    const { storyId } = await newStory(subscriber);
    const other = await newStory(otherSubscriber);
    await subscriber.sendJson('POST', '/api/outline', { storyID: storyId, type: 'threeAct' });

    const foreignChapter = await subscriber.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      section: { place: 1, chapters: [other.firstChapterId] },
    });
    const unknownTemplate = await subscriber.sendJson('POST', '/api/outline', {
      storyID: storyId,
      type: 'sixAct',
    });
    const malformed = await subscriber.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      section: { place: 0 },
    });

    expect(foreignChapter.status).toBe(400);
    expect(((await foreignChapter.json()) as { error: string }).error).toBe('validation_failed');
    expect(unknownTemplate.status).toBe(400);
    expect(malformed.status).toBe(400);
    expect((await storyOutline(subscriber, storyId))!.every((section) => section.chapters.length === 0)).toBe(
      true,
    );
  });

  it('takes a deleted chapter out of its section', async () => {
    const { storyId, firstChapterId } = await newStory(subscriber);
    const second = await addChapter(subscriber, storyId);
    await runtime.queue.drain();
    await subscriber.sendJson('POST', '/api/outline', { storyID: storyId, type: 'threeAct' });
    await subscriber.sendJson('PUT', '/api/outline', {
      storyID: storyId,
      sections: [
        { place: 1, chapters: [firstChapterId] },
        { place: 2, chapters: [second.id] },
      ],
    });

    const deleted = await subscriber.fetch(`/api/stories/${storyId}/chapter/${second.id}`, {
      method: 'DELETE',
    });

    expect(deleted.status).toBe(204);
    expect((await storyOutline(subscriber, storyId))!.map((section) => section.chapters)).toEqual([
      [firstChapterId],
      [],
      [],
    ]);
  });
});
