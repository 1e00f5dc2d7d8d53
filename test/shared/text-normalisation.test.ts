import { describe, expect, it } from 'vitest';
import {
  normaliseText,
  pastedTextToParagraphs,
  splitPastedLines,
  wordBoundsAt,
} from '../../shared/text-normalisation';

describe('normaliseText', () => {
  it('turns a double hyphen into an em dash', () => {
    expect(normaliseText('wait--what').text).toBe('wait\u2014what');
    expect(normaliseText('a---b').text).toBe('a\u2014-b');
  });

  it('straightens single and double curly quotes', () => {
    expect(
      normaliseText('\u201CIt\u2019s \u2018fine\u2019,\u201D \u201Ewell\u201F \u201Aok\u201B').text,
    ).toBe("\"It's 'fine',\" \"well\" 'ok'");
  });

  it('moves offsets after each replaced dash back by one', () => {
    const { mapOffset } = normaliseText('a--b--c');

    expect([0, 1, 2, 3, 4, 5, 6, 7].map(mapOffset)).toEqual([0, 1, 2, 2, 3, 4, 4, 5]);
  });

  it('leaves text without anything to normalise unchanged', () => {
    expect(normaliseText('Plain - text.').text).toBe('Plain - text.');
  });
});

describe('pastedTextToParagraphs', () => {
  it('makes one paragraph per line whatever the line endings, ignoring one trailing break', () => {
    expect(splitPastedLines('a\r\nb\rc\nd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitPastedLines('a\n\n')).toEqual(['a', '']);
  });

  it('turns tabs into four spaces', () => {
    expect(pastedTextToParagraphs('a\tb', { autotab: false, firstLineStartsParagraph: true })).toEqual([
      'a    b',
    ]);
  });

  it('with autotab, tabs every paragraph it starts, replacing the source indentation', () => {
    expect(
      pastedTextToParagraphs('end of mine\n\tNext one\n\n  Third', {
        autotab: true,
        firstLineStartsParagraph: false,
      }),
    ).toEqual(['end of mine', '\tNext one', '', '\tThird']);
    expect(pastedTextToParagraphs('Starts', { autotab: true, firstLineStartsParagraph: true })).toEqual([
      '\tStarts',
    ]);
  });

  it('normalises punctuation', () => {
    expect(
      pastedTextToParagraphs('\u201CYes--no\u201D', { autotab: false, firstLineStartsParagraph: false }),
    ).toEqual(['"Yes\u2014no"']);
  });
});

describe('wordBoundsAt', () => {
  it('finds the word around or just before an offset', () => {
    expect(wordBoundsAt('one two', 5)).toEqual([4, 7]);
    expect(wordBoundsAt('one two', 3)).toEqual([0, 3]);
    expect(wordBoundsAt('one  two', 4)).toBeNull();
  });
});
