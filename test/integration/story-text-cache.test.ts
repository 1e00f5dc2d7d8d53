import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDbTextCacheRepository } from '../../lambdas/adapters/dynamodb/text-cache-repository';
import { readStoryText } from '../../lambdas/domain/story-bible/story-text';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { findAppearances, tallyMentions, type MentionTally } from '../../shared/association-appearances';
import { suggestElements } from '../../shared/element-suggestions';
import type { Association } from '../../shared/schemas/associations';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Paragraph } from '../../shared/schemas/paragraph';
import type { Story } from '../../shared/schemas/story';
import type { VersionSummary } from '../../shared/schemas/versions';
import { findInParagraphs } from '../../shared/text-replacement';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { BOLD, paragraph, run } from '../helpers/paragraphs';
import { createStoryWithText } from '../helpers/story-text';

/**
 * The story-wide reads answer from each chapter's cached text while its stamp is the chapter's. After every
 * kind of write to a story's text, each answer must equal the same computation over every stored paragraph,
 * read afresh: a write that left a stale cached text in use would fail here.
 */
describe('the cached chapter texts on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'tolkien@example.com', 'Tolkien');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const getJson = async (path: string) => {
    const response = await author.fetch(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };

  const sendOk = async (method: string, path: string, body?: unknown) => {
    const response = await author.sendJson(method, path, body);
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response;
  };

  const byAssociation = (tallies: MentionTally[]) =>
    [...tallies].sort((a, b) => a.association_id.localeCompare(b.association_id));

  /** Every story-wide read, compared with its computation over the stored paragraphs; then the cache checked. */
  const expectAnswersOfStoredText = async (storyId: string, associations: readonly Association[]) => {
    const stored = await readStoryText(runtime.ports.repositories, storyId);
    const base = `/api/stories/${storyId}`;

    for (const { association_id: id } of associations) {
      expect(await getJson(`${base}/associations/${id}/appearances`)).toEqual(
        findAppearances(stored, associations, id),
      );
    }
    const grid = (await getJson(`${base}/associations/mentions`)) as { tallies: MentionTally[] };
    expect(grid).toEqual({
      chapters: stored.map(({ chapter_id, title, place }) => ({ chapter_id, title, place })),
      tallies: expect.any(Array),
    });
    expect(byAssociation(grid.tallies)).toEqual(byAssociation(tallyMentions(stored, associations)));
    expect(await getJson(`${base}/associations/suggestions`)).toMatchObject({
      suggestions: suggestElements(stored, associations),
    });
    for (const [query, options] of [
      ['Frodo', { case_sensitive: false, whole_word: false }],
      ['the', { case_sensitive: true, whole_word: true }],
    ] as const) {
      expect(
        await getJson(
          `${base}/search?q=${query}&case_sensitive=${options.case_sensitive}&whole_word=${options.whole_word}`,
        ),
      ).toEqual(findInParagraphs(stored, query, options));
    }

    // The answers were the table's cache.
    await expectEveryChapterCached(storyId);
  };

  /** Every ready chapter has a cached text item at its current stamp. */
  const expectEveryChapterCached = async (storyId: string) => {
    const { chapters } = await runtime.ports.repositories.chapters.listWithIndex(storyId);
    const ready = chapters.filter((chapter) => chapter.status === 'ready');
    const cachedItems = await new DynamoDbTextCacheRepository(runtime.database).getCurrent(
      ready.map(({ chapter_id, content_stamp }) => ({ chapter_id, content_stamp: content_stamp! })),
    );
    expect([...cachedItems.keys()].sort()).toEqual(ready.map((chapter) => chapter.chapter_id).sort());
  };

  const createAssociations = async (storyId: string) =>
    (await (
      await sendOk('POST', `/api/stories/${storyId}/associations`, [
        { association_name: 'Frodo', aliases: 'Mr Baggins', association_type: 'character' },
        { association_name: 'Sam', association_type: 'character' },
        { association_name: 'Bree', association_type: 'place' },
      ])
    ).json()) as Association[];

  const save = (
    storyId: string,
    chapterId: string,
    blocks: { key_id: string; text: Paragraph; place: number }[],
  ) =>
    sendOk('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: blocks.map(({ key_id, text, place }) => ({
        key_id,
        chunk: JSON.stringify(text),
        place: String(place),
      })),
    });

  /** A story of three chapters naming its associations, with the cache filled by a first round of answers. */
  const storyWithCachedText = async () => {
    const { storyId, chapterIds } = await createStoryWithText(runtime, author, [
      [
        paragraph(run('Frodo left the Shire with Sam.')),
        paragraph(run('At Bree the '), run('Frodo', BOLD), run(' of the tale hid.')),
        paragraph(run('Mr Baggins, said the innkeeper. Strider watched Strider watch.')),
      ],
      [paragraph(run('Strider led them out of Bree.')), paragraph(run('Sam cooked; Frodo slept.'))],
      [paragraph(run('Far away, Strider dreamed of the Shire and of Strider.'))],
    ]);
    const associations = await createAssociations(storyId);
    await expectAnswersOfStoredText(storyId, associations);
    return { storyId, chapterIds, associations };
  };

  it('answers what the stored paragraphs say after paragraphs are saved, added, moved and deleted', async () => {
    const { storyId, chapterIds, associations } = await storyWithCachedText();

    await save(storyId, chapterIds[0]!, [
      { key_id: '0-1', text: paragraph(run('At Bree, Sam met Strider.')), place: 1 },
      { key_id: 'new', text: paragraph(run('Frodo and Frodo again, by the fire.')), place: 3 },
    ]);
    await expectAnswersOfStoredText(storyId, associations);
    // Only the order changes: snippets and matches come in the new order.
    await sendOk('PUT', `/api/stories/${storyId}/orderMap`, {
      chapter_id: chapterIds[0],
      blocks: [{ key_id: 'new', place: '0' }],
    });
    await expectAnswersOfStoredText(storyId, associations);
    await sendOk('DELETE', `/api/stories/${storyId}/block`, {
      story_id: storyId,
      chapter_id: chapterIds[1],
      blocks: [{ key_id: '1-1' }],
    });
    await expectAnswersOfStoredText(storyId, associations);
  }, 120_000);

  it('answers what the stored paragraphs say after a chapter is deleted and restored, and a version restored', async () => {
    const { storyId, chapterIds, associations } = await storyWithCachedText();

    await sendOk('DELETE', `/api/stories/${storyId}/chapter/${chapterIds[2]}`);
    await expectAnswersOfStoredText(storyId, associations);
    await sendOk('POST', `/api/trash/stories/${storyId}/chapters/${chapterIds[2]}/restore`);
    await expectAnswersOfStoredText(storyId, associations);

    const versions = `/api/stories/${storyId}/chapters/${chapterIds[1]}/versions`;
    const version = (await (await sendOk('POST', versions, { name: 'Before' })).json()) as VersionSummary;
    await save(storyId, chapterIds[1]!, [
      { key_id: '1-0', text: paragraph(run('Nobody is named here any more.')), place: 0 },
    ]);
    await expectAnswersOfStoredText(storyId, associations);
    await sendOk('POST', `${versions}/${version.version_id}/restore`);
    await expectAnswersOfStoredText(storyId, associations);
  }, 120_000);

  it('answers what the stored paragraphs say after a replace across the story and a rename everywhere', async () => {
    const { storyId, associations } = await storyWithCachedText();

    await sendOk('POST', `/api/stories/${storyId}/replace`, {
      find: 'Strider',
      replace: 'Frodo',
      case_sensitive: true,
      whole_word: true,
    });
    // The rewrite cached the chapters it changed before answering: the next read reads no paragraphs.
    await expectEveryChapterCached(storyId);
    await expectAnswersOfStoredText(storyId, associations);
    const renamed = await sendOk(
      'POST',
      `/api/stories/${storyId}/associations/${associations[1]!.association_id}/rename`,
      { association_name: 'Samwise', replace_in_text: true },
    );
    const { association } = (await renamed.json()) as { association: Association };
    await expectEveryChapterCached(storyId);
    await expectAnswersOfStoredText(
      storyId,
      associations.map((other) =>
        other.association_id === association.association_id ? association : other,
      ),
    );
  }, 120_000);

  it('answers what the stored paragraphs say while a new chapter is prepared, and once it is written', async () => {
    const { storyId, associations } = await storyWithCachedText();

    const created = await sendOk('POST', `/api/stories/${storyId}/chapter`, { title: 'Chapter 4', place: 4 });
    const newChapter = (await created.json()) as Chapter;
    await runtime.queue.drain();
    await expectAnswersOfStoredText(storyId, associations);
    await save(storyId, newChapter.id, [
      { key_id: 'late', text: paragraph(run('Frodo came home to the Shire.')), place: 0 },
    ]);
    await expectAnswersOfStoredText(storyId, associations);
  }, 120_000);

  it('answers what an imported story’s paragraphs say, and again after they are edited', async () => {
    const manuscript =
      '# Chapter 1\n\nFrodo walked to Bree.\n\nSam followed Frodo.\n\n# Chapter 2\n\nThe Shire slept.\n';
    const imported = await author.fetch('/api/stories/import', {
      method: 'POST',
      body: multipartForm({}, { bytes: new TextEncoder().encode(manuscript), name: 'The Walk.md' }),
    });
    expect(imported.status).toBe(202);
    const { story_id: storyId } = (await imported.json()) as Story;
    await runtime.queue.drain();
    const associations = await createAssociations(storyId);
    await expectAnswersOfStoredText(storyId, associations);

    const [firstChapter] = ((await getJson(`/api/stories/${storyId}`)) as Story).chapters!;
    const { items } = (await getJson(`/api/stories/${storyId}/content?chapter=${firstChapter!.id}`)) as {
      items: { key_id: { Value: string } }[];
    };
    await save(storyId, firstChapter!.id, [
      { key_id: items[0]!.key_id.Value, text: paragraph(run('Sam walked to Bree alone.')), place: 0 },
    ]);
    await expectAnswersOfStoredText(storyId, associations);
  }, 120_000);
});
