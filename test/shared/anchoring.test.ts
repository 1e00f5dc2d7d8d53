import { describe, expect, it } from 'vitest';
import { anchorOf, reanchor, type AnchorParagraph } from '../../shared/anchoring';

const FIRST = 'The lighthouse keeper climbed the stairs at dusk, counting each step aloud.';
const SECOND = 'Below, the harbour lay still and the fishing boats rocked against the pier.';
const THIRD = 'Nobody in Arnsholm remembered a night so quiet, nor a sea so dark.';

const chapter = (...texts: string[]): AnchorParagraph[] =>
  texts.map((text, index) => ({ key_id: `p${index + 1}`, text }));

/** The anchor of the first occurrence of `quote` in a paragraph. */
function anchorOn(paragraph: AnchorParagraph, quote: string) {
  const start = paragraph.text.indexOf(quote);
  return anchorOf(paragraph, start, start + quote.length);
}

/** The quoted text at a result's position, read back from the chapter. */
const textAt = (paragraphs: AnchorParagraph[], anchor: { key_id: string; start: number; end: number }) =>
  paragraphs.find((paragraph) => paragraph.key_id === anchor.key_id)!.text.slice(anchor.start, anchor.end);

describe('anchorOf', () => {
  it('keeps the quote, up to 32 characters either side and the offsets', () => {
    const anchor = anchorOn(chapter(FIRST)[0]!, 'counting each step');
    expect(anchor).toEqual({
      key_id: 'p1',
      exact: 'counting each step',
      prefix: 'per climbed the stairs at dusk, ',
      suffix: ' aloud.',
      start: 50,
      end: 68,
    });
    expect(anchor.prefix).toHaveLength(32);
  });
});

describe('reanchor', () => {
  it('leaves an anchor whose text is unchanged anchored', () => {
    const paragraphs = chapter(FIRST, SECOND, THIRD);
    const anchor = anchorOn(paragraphs[1]!, 'fishing boats');
    expect(reanchor(anchor, paragraphs)).toEqual({ state: 'anchored', anchor });
  });

  it('follows the quote when text is inserted before it', () => {
    const anchor = anchorOn(chapter(FIRST)[0]!, 'counting each step');
    const edited = chapter(FIRST.replace('at dusk', 'slowly at dusk'));
    const result = reanchor(anchor, edited);
    expect(result.state).toBe('moved');
    expect(result.anchor.start).toBe(anchor.start + 'slowly '.length);
    expect(textAt(edited, result.anchor)).toBe('counting each step');
  });

  it('follows a quote with a word changed inside it, and quotes the new words', () => {
    const anchor = anchorOn(chapter(SECOND)[0]!, 'the fishing boats rocked against');
    const edited = chapter(SECOND.replace('fishing', 'battered'));
    const result = reanchor(anchor, edited);
    expect(result.state).toBe('moved');
    expect(result.anchor.exact).toBe('the battered boats rocked against');
  });

  it('follows the quote into the new paragraph when its paragraph is split', () => {
    const anchor = anchorOn(chapter(FIRST)[0]!, 'counting each step');
    const split = [
      { key_id: 'p1', text: 'The lighthouse keeper climbed the stairs at dusk,' },
      { key_id: 'p1b', text: 'counting each step aloud.' },
    ];
    const result = reanchor(anchor, split);
    expect(result).toMatchObject({ state: 'moved', anchor: { key_id: 'p1b', start: 0, end: 18 } });
  });

  it('follows the quote into the paragraph it was merged into', () => {
    const paragraphs = chapter(FIRST, SECOND);
    const anchor = anchorOn(paragraphs[1]!, 'fishing boats');
    const merged = [{ key_id: 'p1', text: `${FIRST} ${SECOND}` }];
    const result = reanchor(anchor, merged);
    expect(result.state).toBe('moved');
    expect(result.anchor.key_id).toBe('p1');
    expect(textAt(merged, result.anchor)).toBe('fishing boats');
  });

  it('stays anchored when its paragraph moves elsewhere in the chapter', () => {
    const anchor = anchorOn(chapter(FIRST, SECOND, THIRD)[2]!, 'a night so quiet');
    const reordered = [{ key_id: 'p3', text: THIRD }, ...chapter(FIRST, SECOND)];
    expect(reanchor(anchor, reordered)).toEqual({ state: 'anchored', anchor });
  });

  it('detaches when the quoted words are deleted', () => {
    const anchor = anchorOn(chapter(FIRST, SECOND)[1]!, 'the fishing boats rocked');
    const edited = chapter(FIRST, 'Below, the harbour lay still and against the pier.');
    expect(reanchor(anchor, edited)).toEqual({ state: 'detached', anchor });
  });

  it('detaches a one-letter quote whose context is gone rather than guess', () => {
    const anchor = anchorOn(chapter(THIRD)[0]!, 'a sea');
    const letter = anchorOf(chapter(THIRD)[0]!, anchor.start, anchor.start + 1);
    const edited = chapter('A storm came over the bay and a gull cried.');
    expect(reanchor(letter, edited).state).toBe('detached');
  });

  it('picks the occurrence of a repeated word whose context matches', () => {
    const text = 'She said no to the captain. Then the captain said no to her.';
    const paragraphs = [{ key_id: 'p1', text }];
    const second = text.lastIndexOf('no');
    const anchor = anchorOf(paragraphs[0]!, second, second + 2);
    const edited = [{ key_id: 'p1', text: `Quietly, ${text}` }];
    const result = reanchor(anchor, edited);
    expect(result.state).toBe('moved');
    expect(result.anchor.start).toBe(second + 'Quietly, '.length);
    expect(result.anchor.suffix).toBe(' to her.');
  });

  it('finds an insertion point by its context alone', () => {
    const paragraph = chapter(FIRST)[0]!;
    const at = FIRST.indexOf(' aloud');
    const anchor = anchorOf(paragraph, at, at);
    const edited = chapter(`Every evening: ${FIRST}`);
    const result = reanchor(anchor, edited);
    expect(result).toMatchObject({
      state: 'moved',
      anchor: { exact: '', start: at + 'Every evening: '.length },
    });
  });

  it('keeps an insertion point in an empty paragraph only while the paragraph stays empty', () => {
    const anchor = anchorOf({ key_id: 'p1', text: '' }, 0, 0);
    expect(reanchor(anchor, [{ key_id: 'p1', text: '' }]).state).toBe('anchored');
    expect(reanchor(anchor, [{ key_id: 'p1', text: 'Now there is text.' }]).state).toBe('detached');
  });

  it('matches a quote longer than 32 characters by pieces, with a word changed in its middle', () => {
    const quote = 'the harbour lay still and the fishing boats rocked';
    expect(quote.length).toBeGreaterThan(32);
    const anchor = anchorOn(chapter(SECOND)[0]!, quote);
    const edited = chapter(`At night: ${SECOND.replace('still', 'silent')}`);
    const result = reanchor(anchor, edited);
    expect(result.state).toBe('moved');
    expect(result.anchor.exact).toBe('the harbour lay silent and the fishing boats rocked');
  });
});
