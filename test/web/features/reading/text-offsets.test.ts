import { describe, expect, it } from 'vitest';
import {
  paragraphSelection,
  rangeOfOffsets,
  textOffsetIn,
} from '../../../../web/src/features/reading/text-offsets';

/** A rendered paragraph as the reading view draws it: one span per inline node, a line break as '\n'. */
function renderedParagraph(): HTMLElement {
  const article = document.createElement('article');
  article.innerHTML =
    '<p data-key-id="k1"><span>The </span><span style="font-weight:700">bold</span><span>\n</span><span> end</span></p>' +
    '<p data-key-id="k2"><span>Next one</span></p>';
  document.body.append(article);
  return article;
}

describe('text offsets in a rendered paragraph', () => {
  it('counts the text of every run before a point inside a text node', () => {
    // Arrange
    const article = renderedParagraph();
    const paragraph = article.querySelector('[data-key-id="k1"]')!;
    const endRun = paragraph.children[3]!.firstChild!;

    // Act
    const offset = textOffsetIn(paragraph, endRun, 2);

    // Assert: 'The ' + 'bold' + '\n' + ' e'
    expect(offset).toBe(11);
  });

  it('reads a point between elements as the text before the child it names', () => {
    // Arrange
    const article = renderedParagraph();
    const paragraph = article.querySelector('[data-key-id="k1"]')!;

    // Act / Assert
    expect(textOffsetIn(paragraph, paragraph, 0)).toBe(0);
    expect(textOffsetIn(paragraph, paragraph, 2)).toBe(8);
    expect(textOffsetIn(paragraph, paragraph, 4)).toBe(13);
  });

  it('gives a selection inside one paragraph as its key_id and offsets', () => {
    // Arrange
    const article = renderedParagraph();
    const runs = article.querySelectorAll('[data-key-id="k1"] span');
    const range = document.createRange();
    range.setStart(runs[0]!.firstChild!, 2);
    range.setEnd(runs[1]!.firstChild!, 4);

    // Act
    const selection = paragraphSelection(range, article);

    // Assert: 'e bold'
    expect(selection).toEqual({ keyId: 'k1', start: 2, end: 8 });
  });

  it('refuses a selection across paragraphs, an empty one and one outside the article', () => {
    // Arrange
    const article = renderedParagraph();
    const first = article.querySelector('[data-key-id="k1"] span')!.firstChild!;
    const second = article.querySelector('[data-key-id="k2"] span')!.firstChild!;
    const across = document.createRange();
    across.setStart(first, 1);
    across.setEnd(second, 2);
    const collapsed = document.createRange();
    collapsed.setStart(first, 1);
    const outside = document.createElement('div');

    // Act / Assert
    expect(paragraphSelection(across, article)).toBeNull();
    expect(paragraphSelection(collapsed, article)).toBeNull();
    expect(paragraphSelection(across, outside)).toBeNull();
  });

  it('finds the range of offsets back, across runs', () => {
    // Arrange
    const paragraph = renderedParagraph().querySelector('[data-key-id="k1"]')!;

    // Act
    const range = rangeOfOffsets(paragraph, 2, 12);

    // Assert
    expect(range?.toString()).toBe('e bold\n en');
    expect(rangeOfOffsets(paragraph, 2, 40)).toBeNull();
  });
});
