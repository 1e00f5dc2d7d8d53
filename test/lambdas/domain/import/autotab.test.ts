import { describe, expect, it } from 'vitest';
import { buildParagraph, withAutotab } from '../../../../lambdas/domain/import/paragraph-builder';
import type { Alignment } from '../../../../lambdas/domain/import/paragraph-builder';
import { paragraphTexts } from '../../../helpers/imported-manuscripts';

const draft = (text: string, alignment: Alignment = '') =>
  buildParagraph({ alignment, runs: [{ text, format: 0 }] });

describe("imported paragraphs under the story's autotab rule", () => {
  const chapter = [
    draft('The first paragraph.'),
    draft('The second.'),
    draft('Centred.', 'center'),
    draft('* * *'),
    draft(''),
    draft('Justified.', 'justify'),
  ];

  it("starts every body paragraph after the chapter's first with one tab, as Enter does with autotab on", () => {
    const tabbed = withAutotab(chapter, true);

    expect(paragraphTexts(tabbed)).toEqual([
      'The first paragraph.',
      '\tThe second.',
      'Centred.',
      '* * *',
      '',
      '\tJustified.',
    ]);
    expect(tabbed[1]!.children[0]).toMatchObject({ type: 'tab', text: '\t', detail: 2 });
    expect(paragraphTexts(withAutotab(tabbed, true))).toEqual(paragraphTexts(tabbed));
  });

  it('adds no tab with autotab off', () => {
    expect(paragraphTexts(withAutotab(chapter, false))).toEqual(paragraphTexts(chapter));
  });
});
