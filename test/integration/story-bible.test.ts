import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { compileAssociationMatcher } from '../../shared/association-matcher';
import type { Association } from '../../shared/schemas/associations';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Paragraph } from '../../shared/schemas/paragraph';
import type { Story } from '../../shared/schemas/story';
import { AssociationAppearancesSchema } from '../../shared/schemas/story-bible';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { BOLD, ITALIC, mention, paragraph, run } from '../helpers/paragraphs';

describe('the story bible on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let otherAuthor: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'austen@example.com', 'Austen');
    otherAuthor = await signIn(runtime, 'bronte@example.com', 'Brontë');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const sendJson = (browser: TestBrowser, method: string, path: string, body: unknown) =>
    browser.fetch(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** A story whose chapters hold the given paragraphs, key_ids `<chapter index>-<paragraph index>`. */
  const storyWith = async (chapters: Paragraph[][]) => {
    const created = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Pride and Prejudice', description: 'Five sisters.' }),
    });
    const story = (await created.json()) as Story;
    const chapterIds = [story.chapters![0]!.id];
    for (let place = 2; place <= chapters.length; place += 1) {
      const response = await sendJson(author, 'POST', `/api/stories/${story.story_id}/chapter`, {
        title: `Chapter ${place}`,
        place,
      });
      chapterIds.push(((await response.json()) as Chapter).id);
    }
    await runtime.queue.drain();
    for (const [chapterIndex, paragraphs] of chapters.entries()) {
      const saved = await sendJson(author, 'PUT', `/api/stories/${story.story_id}`, {
        story_id: story.story_id,
        chapter_id: chapterIds[chapterIndex],
        blocks: paragraphs.map((content, index) => ({
          key_id: `${chapterIndex}-${index}`,
          chunk: JSON.stringify(content),
          place: String(index),
        })),
      });
      expect(saved.status).toBe(204);
    }
    return { storyId: story.story_id, chapterIds };
  };

  const createAssociations = async (
    storyId: string,
    drafts: { association_name: string; aliases?: string; case_sensitive?: boolean }[],
  ) => {
    const response = await sendJson(
      author,
      'POST',
      `/api/stories/${storyId}/associations`,
      drafts.map((draft) => ({ association_type: 'character', ...draft })),
    );
    expect(response.status).toBe(201);
    return (await response.json()) as Association[];
  };

  const appearancesOf = async (browser: TestBrowser, storyId: string, associationId: string) =>
    browser.fetch(`/api/stories/${storyId}/associations/${associationId}/appearances`);

  describe('appearances', () => {
    it('counts each chapter’s mentions as the editor’s matcher finds them, by name and alias, in place order', async () => {
      const texts = [
        ['Elizabeth laughed. Lizzy, said her father, Lizzy is right.', 'Mr Darcy bowed to Elizabeth Bennet.'],
        ['Nobody named here.'],
        ['Darcy wrote to ELIZABETH; elizabeth read it twice.'],
      ];
      const { storyId, chapterIds } = await storyWith(
        texts.map((chapter) => chapter.map((text) => paragraph(run(text)))),
      );
      const [elizabeth, darcy, bennet] = await createAssociations(storyId, [
        { association_name: 'Elizabeth', aliases: 'Lizzy', case_sensitive: false },
        { association_name: 'Darcy', aliases: 'Mr Darcy' },
        { association_name: 'Elizabeth Bennet' },
      ]);
      const matcher = compileAssociationMatcher([elizabeth!, darcy!, bennet!]);
      const matcherCount = (chapter: string[]) =>
        chapter
          .flatMap((text) => matcher.findMentions(text))
          .filter((found) => found.associationId === elizabeth!.association_id).length;

      const response = await appearancesOf(author, storyId, elizabeth!.association_id);

      expect(response.status).toBe(200);
      const appearances = AssociationAppearancesSchema.parse(await response.json());
      expect(
        appearances.chapters.map((chapter) => [chapter.chapter_id, chapter.place, chapter.count]),
      ).toEqual([
        [chapterIds[0], 1, matcherCount(texts[0]!)],
        [chapterIds[2], 3, matcherCount(texts[2]!)],
      ]);
      expect(appearances.chapters.map((chapter) => chapter.count)).toEqual([3, 2]);
      expect(appearances.total).toBe(5);
      expect(appearances.chapters[0]!.snippets).toEqual([
        { key_id: '0-0', text: 'Elizabeth laughed. Lizzy, said her father, Lizzy is right.' },
      ]);
    });

    it('does not count a name written half in italics, which the editor does not highlight either', async () => {
      const { storyId } = await storyWith([
        [
          paragraph(run('Eliza', ITALIC), run('beth came in.')),
          paragraph(run('Then '), mention('stale-id', 'Elizabeth', BOLD), run(' sat down.')),
        ],
      ]);
      const [elizabeth] = await createAssociations(storyId, [{ association_name: 'Elizabeth' }]);

      const appearances = AssociationAppearancesSchema.parse(
        await (await appearancesOf(author, storyId, elizabeth!.association_id)).json(),
      );

      expect(appearances.total).toBe(1);
      expect(appearances.chapters[0]!.snippets.map((snippet) => snippet.key_id)).toEqual(['0-1']);
    });

    it('answers an empty list for an association that is never mentioned', async () => {
      const { storyId } = await storyWith([[paragraph(run('Quiet.'))]]);
      const [jane] = await createAssociations(storyId, [{ association_name: 'Jane' }]);

      const response = await appearancesOf(author, storyId, jane!.association_id);

      expect(await response.json()).toEqual({ association_id: jane!.association_id, total: 0, chapters: [] });
    });

    it('answers 404 for another author, for an unknown association and 400 for a malformed id', async () => {
      const { storyId } = await storyWith([[paragraph(run('Elizabeth.'))]]);
      const [elizabeth] = await createAssociations(storyId, [{ association_name: 'Elizabeth' }]);

      const statuses = [
        (await appearancesOf(otherAuthor, storyId, elizabeth!.association_id)).status,
        (await appearancesOf(author, storyId, 'no-such-association')).status,
        (await appearancesOf(author, storyId, 'bad%23id')).status,
      ];

      expect(statuses).toEqual([404, 404, 400]);
    });
  });
});
