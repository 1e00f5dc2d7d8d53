import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactChapterText,
  compactParagraph,
} from '../../../../lambdas/domain/text-cache/compact-paragraph';
import { findAppearances, tallyMentions } from '../../../../shared/association-appearances';
import { suggestElements } from '../../../../shared/element-suggestions';
import { paragraphText, type ChapterText } from '../../../../shared/paragraph-text';
import type { InlineNode } from '../../../../shared/schemas/paragraph';
import { findInParagraphs, renameInStory, replaceInStory } from '../../../../shared/text-replacement';
import {
  association,
  BOLD,
  chapter,
  ITALIC,
  linebreak,
  mention,
  paragraph,
  run,
  tab,
} from '../../../helpers/paragraphs';

const ASSOCIATIONS = [
  association('ann', 'Ann', { aliases: 'Annie' }),
  association('ann-smith', 'Ann Smith'),
  association('minas', 'Minas Tirith', { caseSensitive: true }),
  association('zoe', 'Zoë'),
];

/** Pieces of text that make names, near-names and sentence starts when put together in any order. */
const textPiece = fc.constantFrom(
  'Ann',
  'Annie',
  ' Smith',
  'Minas',
  ' Tirith',
  'minas tirith',
  'Zoë',
  'Zoe\u0308',
  'Gandalf',
  ' went to ',
  'Bree',
  '. Then ',
  ' and ',
  "'s",
  'x',
  ' ',
  '',
);

const formatBits = fc.constantFrom(0, BOLD, ITALIC);

/** Every kind of inline node a stored paragraph may hold, empty ones included. */
const inlineNode: fc.Arbitrary<InlineNode> = fc.oneof(
  fc
    .tuple(fc.array(textPiece, { maxLength: 4 }), formatBits)
    .map(([pieces, format]) => run(pieces.join(''), format)),
  fc
    .tuple(fc.array(textPiece, { minLength: 1, maxLength: 3 }), formatBits)
    .map(([pieces, format]) => mention('ann', pieces.join(''), format)),
  fc
    .tuple(fc.array(textPiece, { maxLength: 3 }), fc.constantFrom('token', 'segmented'))
    .map(([pieces, mode]) => ({ ...run(pieces.join('')), mode })),
  fc.constant(tab()),
  fc.constant(linebreak()),
  fc.constant<InlineNode>({ type: 'emoji', text: 'Ann' }),
  fc.constant<InlineNode>({ type: 'image' }),
  fc.constant<InlineNode>({ ...run('Ann'), style: 'color: red' }),
);

const chapters: fc.Arbitrary<ChapterText[]> = fc
  .array(fc.array(fc.array(inlineNode, { maxLength: 8 }), { maxLength: 6 }), { minLength: 1, maxLength: 3 })
  .map((story) =>
    story.map((paragraphs, index) =>
      chapter(
        `c${index}`,
        index + 1,
        paragraphs.map((children) => paragraph(...children)),
      ),
    ),
  );

const compacted = (story: ChapterText[]) => story.map(compactChapterText);
const changedChapters = (result: ReturnType<typeof replaceInStory>) => ({
  replaced: result.replaced,
  chapters: result.chapters.map((changed) => [changed.chapter_id, changed.paragraphs.map((p) => p.key_id)]),
});

describe('a compacted paragraph', () => {
  it('keeps the text and merges neighbours formatted alike, keeping what is not editable apart', () => {
    const stored = paragraph(
      run('Ann'),
      mention('ann', ' Smith'),
      run('', BOLD),
      run(' went', BOLD),
      tab(),
      linebreak(),
      { type: 'image' },
      run('home'),
    );

    const compact = compactParagraph(stored);

    expect(paragraphText(compact).text).toBe(paragraphText(stored).text);
    expect(compact.children).toEqual([
      { type: 'text', text: 'Ann Smith', format: 0, style: '', detail: 0 },
      { type: 'text', text: ' went', format: BOLD, style: '', detail: 0 },
      { type: 'not-editable', text: '\t\n' },
      { type: 'text', text: 'home', format: 0, style: '', detail: 0 },
    ]);
  });

  it('gives every story-wide read the answer the stored paragraphs give', () => {
    fc.assert(
      fc.property(chapters, (story) => {
        const compact = compacted(story);

        for (const { association_id: id } of ASSOCIATIONS) {
          expect(findAppearances(compact, ASSOCIATIONS, id)).toEqual(
            findAppearances(story, ASSOCIATIONS, id),
          );
          expect(changedChapters(renameInStory(compact, ASSOCIATIONS, id, 'Bob'))).toEqual(
            changedChapters(renameInStory(story, ASSOCIATIONS, id, 'Bob')),
          );
        }
        expect(tallyMentions(compact, ASSOCIATIONS)).toEqual(tallyMentions(story, ASSOCIATIONS));
        expect(suggestElements(compact, ASSOCIATIONS)).toEqual(suggestElements(story, ASSOCIATIONS));
        for (const find of ['Ann', 'ann smith', 'Zoë', 'Smith Minas', "'s"]) {
          for (const options of [
            { case_sensitive: false, whole_word: false },
            { case_sensitive: true, whole_word: true },
          ]) {
            expect(findInParagraphs(compact, find, options)).toEqual(findInParagraphs(story, find, options));
            expect(changedChapters(replaceInStory(compact, find, 'Bob', options))).toEqual(
              changedChapters(replaceInStory(story, find, 'Bob', options)),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
