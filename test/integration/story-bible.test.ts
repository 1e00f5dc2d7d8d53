import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { compileAssociationMatcher } from '../../shared/association-matcher';
import type { Association } from '../../shared/schemas/associations';
import type { Paragraph } from '../../shared/schemas/paragraph';
import {
  AssociationAppearancesSchema,
  ElementSuggestionsSchema,
  MentionGridSchema,
  RenameAssociationResponseSchema,
} from '../../shared/schemas/story-bible';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { BOLD, ITALIC, mention, paragraph, run } from '../helpers/paragraphs';
import { createStoryWithText, storedParagraphs } from '../helpers/story-text';

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

  const storyWith = (chapters: Paragraph[][]) => createStoryWithText(runtime, author, chapters);

  const createAssociations = async (
    storyId: string,
    drafts: { association_name: string; aliases?: string; case_sensitive?: boolean }[],
  ) => {
    const response = await author.sendJson(
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

  describe('rename everywhere', () => {
    const renameAssociation = (browser: TestBrowser, storyId: string, associationId: string, body: unknown) =>
      browser.sendJson('POST', `/api/stories/${storyId}/associations/${associationId}/rename`, body);

    const chunksOf = (storyId: string, chapterId: string) => storedParagraphs(author, storyId, chapterId);

    it('renames the mentions of the old name in every chapter, keeping each run’s formatting, and not the aliases', async () => {
      const { storyId, chapterIds } = await storyWith([
        [paragraph(run('Strider waited. '), run('Strider', ITALIC), run(' smiled; the Ranger nodded.'))],
        [paragraph(run('Nobody.'))],
        [paragraph(run('Ranger or not, '), mention('old-id', 'Strider', BOLD), run(' led them.'))],
      ]);
      const [strider] = await createAssociations(storyId, [
        { association_name: 'Strider', aliases: 'the Ranger', case_sensitive: false },
      ]);

      const response = await renameAssociation(author, storyId, strider!.association_id, {
        association_name: 'Aragorn',
        replace_in_text: true,
      });

      expect(response.status).toBe(200);
      const answer = RenameAssociationResponseSchema.parse(await response.json());
      expect(answer).toMatchObject({ replaced: 3, chapters: 2 });
      expect(answer.association).toMatchObject({ association_name: 'Aragorn', aliases: 'the Ranger' });
      expect((await chunksOf(storyId, chapterIds[0]!)).get('0-0')!.children).toEqual([
        expect.objectContaining({ text: 'Aragorn waited. ', format: 0 }),
        expect.objectContaining({ text: 'Aragorn', format: ITALIC }),
        expect.objectContaining({ text: ' smiled; the Ranger nodded.', format: 0 }),
      ]);
      expect((await chunksOf(storyId, chapterIds[2]!)).get('2-0')!.children).toEqual([
        expect.objectContaining({ text: 'Ranger or not, ' }),
        expect.objectContaining({ type: 'text', text: 'Aragorn', format: BOLD }),
        expect.objectContaining({ text: ' led them.' }),
      ]);
      const thumbs = (await (await author.fetch(`/api/stories/${storyId}/associations/thumbs`)).json()) as {
        association_name: string;
      }[];
      expect(thumbs.map((item) => item.association_name)).toEqual(['Aragorn']);
    });

    it('renames only the association when not asked to replace the text', async () => {
      const { storyId, chapterIds } = await storyWith([[paragraph(run('Strider waited.'))]]);
      const [strider] = await createAssociations(storyId, [{ association_name: 'Strider' }]);

      const response = await renameAssociation(author, storyId, strider!.association_id, {
        association_name: 'Aragorn',
        replace_in_text: false,
      });

      expect(RenameAssociationResponseSchema.parse(await response.json())).toMatchObject({
        association: { association_name: 'Aragorn' },
        replaced: 0,
        chapters: 0,
      });
      expect((await chunksOf(storyId, chapterIds[0]!)).get('0-0')!.children[0]).toMatchObject({
        text: 'Strider waited.',
      });
    });

    it('refuses a blank name and a name its aliases repeat with 400, changing nothing', async () => {
      const { storyId, chapterIds } = await storyWith([[paragraph(run('Strider waited.'))]]);
      const [strider] = await createAssociations(storyId, [
        { association_name: 'Strider', aliases: 'Aragorn' },
      ]);

      const blank = await renameAssociation(author, storyId, strider!.association_id, {
        association_name: '   ',
        replace_in_text: true,
      });
      const repeated = await renameAssociation(author, storyId, strider!.association_id, {
        association_name: 'Aragorn',
        replace_in_text: true,
      });
      const malformed = await renameAssociation(author, storyId, strider!.association_id, {
        association_name: 'Elessar',
      });

      expect([blank.status, repeated.status, malformed.status]).toEqual([400, 400, 400]);
      expect((await chunksOf(storyId, chapterIds[0]!)).get('0-0')!.children[0]).toMatchObject({
        text: 'Strider waited.',
      });
    });

    it('answers 404 to another author and for an unknown association, changing nothing', async () => {
      const { storyId, chapterIds } = await storyWith([[paragraph(run('Strider waited.'))]]);
      const [strider] = await createAssociations(storyId, [{ association_name: 'Strider' }]);
      const body = { association_name: 'Aragorn', replace_in_text: true };

      const statuses = [
        (await renameAssociation(otherAuthor, storyId, strider!.association_id, body)).status,
        (await renameAssociation(author, storyId, 'no-such-association', body)).status,
      ];

      expect(statuses).toEqual([404, 404]);
      expect((await chunksOf(storyId, chapterIds[0]!)).get('0-0')!.children[0]).toMatchObject({
        text: 'Strider waited.',
      });
    });
  });

  describe('suggestions and the mention grid', () => {
    it('suggests recurring names that are no association yet, and tallies each association per chapter', async () => {
      const { storyId, chapterIds } = await storyWith([
        [paragraph(run('Gandalf came to Minas Tirith. Then Pippin saw Minas Tirith burn.'))],
        [paragraph(run('From Minas Tirith, Gandalf rode out. Pippin followed; Pippin was afraid.'))],
      ]);
      const [gandalf] = await createAssociations(storyId, [{ association_name: 'Gandalf' }]);

      const suggestions = await author.fetch(`/api/stories/${storyId}/associations/suggestions`);
      const grid = await author.fetch(`/api/stories/${storyId}/associations/mentions`);

      expect(ElementSuggestionsSchema.parse(await suggestions.json())).toEqual({
        suggestions: [
          { name: 'Minas Tirith', count: 3, chapters: 2 },
          { name: 'Pippin', count: 3, chapters: 2 },
        ],
      });
      expect(MentionGridSchema.parse(await grid.json())).toEqual({
        chapters: [
          { chapter_id: chapterIds[0], title: 'Chapter 1', place: 1 },
          { chapter_id: chapterIds[1], title: 'Chapter 2', place: 2 },
        ],
        tallies: [
          {
            association_id: gandalf!.association_id,
            total: 2,
            first_chapter_id: chapterIds[0],
            by_chapter: { [chapterIds[0]!]: 1, [chapterIds[1]!]: 1 },
          },
        ],
      });
    });

    it('answers 404 to another author', async () => {
      const { storyId } = await storyWith([[paragraph(run('Quiet.'))]]);

      const statuses = [
        (await otherAuthor.fetch(`/api/stories/${storyId}/associations/suggestions`)).status,
        (await otherAuthor.fetch(`/api/stories/${storyId}/associations/mentions`)).status,
      ];

      expect(statuses).toEqual([404, 404]);
    });
  });
});
