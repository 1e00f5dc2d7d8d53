import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRASH_RETENTION_DAYS } from '../../shared/schemas/trash';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { ChapterContentSchema } from '../../shared/schemas/block';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Story } from '../../shared/schemas/story';
import { VersionDetailSchema, VersionListSchema, VersionSummarySchema } from '../../shared/schemas/versions';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { paragraphChunk } from '../helpers/handler-harness';
import { multipartForm } from '../helpers/images';

const MINUTE = 60_000;

/** Past the trash's retention, when the daily purge removes what was deleted. */
const TRASH_PURGE_MINUTES = (TRASH_RETENTION_DAYS + 1) * 24 * 60;

describe('versions of a chapter on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let otherAuthor: TestBrowser;
  // Ahead of the real clock: DynamoDB Local sweeps items whose TTL has passed by the real clock, and a
  // sign-in's short-lived items stamped in the past could be swept mid-way.
  let now = new Date('2027-11-21T12:00:00.000Z');

  beforeAll(async () => {
    runtime = await startTestRuntime({ now: () => now });
    author = await signIn(runtime, 'woolf@example.com', 'Woolf');
    otherAuthor = await signIn(runtime, 'joyce@example.com', 'Joyce');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const advance = (minutes: number) => {
    now = new Date(now.getTime() + minutes * MINUTE);
  };

  const newStory = async () => {
    const created = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Mrs Dalloway', description: 'A day in June.' }),
    });
    const story = (await created.json()) as Story;
    return { storyId: story.story_id, chapterId: story.chapters![0]!.id };
  };

  const save = async (storyId: string, chapterId: string, texts: Record<string, string>) => {
    const response = await author.sendJson('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: Object.entries(texts).map(([keyId, text]) => ({
        key_id: keyId,
        chunk: paragraphChunk(keyId, text),
      })),
    });
    expect(response.status).toBe(204);
  };

  const textOf = async (storyId: string, chapterId: string) => {
    const response = await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
    return ChapterContentSchema.parse(await response.json()).items.map((item) => item.chunk.Value);
  };

  const versionsPath = (storyId: string, chapterId: string) =>
    `/api/stories/${storyId}/chapters/${chapterId}/versions`;

  it('saves a version, and restores it after the text changed', async () => {
    const { storyId, chapterId } = await newStory();
    await save(storyId, chapterId, { p1: 'Mrs Dalloway said she would buy the flowers herself.' });
    const before = await textOf(storyId, chapterId);

    const saved = await author.sendJson('POST', versionsPath(storyId, chapterId), { name: '  First line  ' });
    expect(saved.status).toBe(201);
    const version = VersionSummarySchema.parse(await saved.json());
    expect(version).toMatchObject({ name: 'First line', kind: 'named', words: 9 });

    advance(1);
    await save(storyId, chapterId, { p1: 'Mrs Dalloway said she would buy the white gloves herself.' });
    const detail = await author.fetch(`${versionsPath(storyId, chapterId)}/${version.version_id}`);
    expect(VersionDetailSchema.parse(await detail.json()).blocks.map((block) => block.chunk)).toEqual(before);

    const restored = await author.sendJson(
      'POST',
      `${versionsPath(storyId, chapterId)}/${version.version_id}/restore`,
    );
    expect(restored.status).toBe(200);
    expect(ChapterContentSchema.parse(await restored.json()).items.map((item) => item.chunk.Value)).toEqual(
      before,
    );
    expect(await textOf(storyId, chapterId)).toEqual(before);
    const story = (await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story;
    expect(story.word_count).toBe(9);

    const listed = VersionListSchema.parse(
      await (await author.fetch(versionsPath(storyId, chapterId))).json(),
    );
    expect(listed.map((entry) => entry.kind)).toEqual(['automatic', 'named']);
  });

  it('takes an automatic version when a save comes 30 minutes after the last version', async () => {
    const { storyId, chapterId } = await newStory();
    await save(storyId, chapterId, { p1: 'Big Ben struck.' });
    await author.sendJson('POST', versionsPath(storyId, chapterId), { name: 'Start' });

    advance(10);
    await save(storyId, chapterId, { p1: 'Big Ben struck one.' });
    const tenMinutesLater = VersionListSchema.parse(
      await (await author.fetch(versionsPath(storyId, chapterId))).json(),
    );
    advance(25);
    await save(storyId, chapterId, { p1: 'Big Ben struck two.' });
    const listed = VersionListSchema.parse(
      await (await author.fetch(versionsPath(storyId, chapterId))).json(),
    );

    expect(tenMinutesLater).toHaveLength(1);
    expect(listed.map((entry) => [entry.kind, entry.name])).toEqual([
      ['automatic', null],
      ['named', 'Start'],
    ]);
    const automatic = await author.fetch(`${versionsPath(storyId, chapterId)}/${listed[0]!.version_id}`);
    expect(VersionDetailSchema.parse(await automatic.json()).blocks.map((block) => block.chunk)).toContain(
      paragraphChunk('p1', 'Big Ben struck one.'),
    );
  });

  it("answers 404 on every call for another author's chapter", async () => {
    const { storyId, chapterId } = await newStory();
    const saved = await author.sendJson('POST', versionsPath(storyId, chapterId), { name: 'Mine' });
    const { version_id: versionId } = VersionSummarySchema.parse(await saved.json());

    const answers = await Promise.all([
      otherAuthor.fetch(versionsPath(storyId, chapterId)),
      otherAuthor.sendJson('POST', versionsPath(storyId, chapterId), { name: 'Theirs' }),
      otherAuthor.fetch(`${versionsPath(storyId, chapterId)}/${versionId}`),
      otherAuthor.sendJson('POST', `${versionsPath(storyId, chapterId)}/${versionId}/restore`),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
  });

  it('refuses a blank or overlong name and an unknown version with 4xx JSON', async () => {
    const { storyId, chapterId } = await newStory();

    const blank = await author.sendJson('POST', versionsPath(storyId, chapterId), { name: '   ' });
    const overlong = await author.sendJson('POST', versionsPath(storyId, chapterId), {
      name: 'x'.repeat(121),
    });
    const missing = await author.sendJson('POST', versionsPath(storyId, chapterId), {});
    const unknown = await author.fetch(`${versionsPath(storyId, chapterId)}/20260101T000000000Z-00000000`);
    const malformed = await author.fetch(`${versionsPath(storyId, chapterId)}/not%20an%20id`);

    expect([blank, overlong, missing, unknown, malformed].map((answer) => answer.status)).toEqual([
      400, 400, 400, 404, 400,
    ]);
    expect(await blank.json()).toMatchObject({
      error: 'validation_failed',
      message: 'A version needs a name.',
    });
  });

  it('keeps the versions of a deleted chapter while it can be restored, and deletes them with its purge', async () => {
    const { storyId } = await newStory();
    const created = await author.sendJson('POST', `/api/stories/${storyId}/chapter`, { title: 'Second' });
    const chapter = (await created.json()) as Chapter;
    await runtime.queue.drain();
    await save(storyId, chapter.id, { p1: 'Septimus.' });
    const saved = await author.sendJson('POST', versionsPath(storyId, chapter.id), { name: 'Doomed' });
    const { version_id: versionId } = VersionSummarySchema.parse(await saved.json());

    const deleted = await author.fetch(`/api/stories/${storyId}/chapter/${chapter.id}`, { method: 'DELETE' });

    const whileInTrash = await runtime.ports.repositories.versions.list(chapter.id);
    advance(TRASH_PURGE_MINUTES);
    try {
      await runtime.runScheduledJobs();
      await runtime.queue.drain();
    } finally {
      advance(-TRASH_PURGE_MINUTES);
    }

    expect(deleted.status).toBe(204);
    expect(whileInTrash).toHaveLength(1);
    expect(await runtime.ports.repositories.versions.list(chapter.id)).toEqual([]);
    expect(
      await runtime.ports.blobs.get('versions', `${storyId}/${chapter.id}/${versionId}.json`),
    ).toBeUndefined();
  });
});
