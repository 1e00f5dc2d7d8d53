import { describe, expect, it } from 'vitest';
import { countChapterWords, countChunkWords, countParagraphWords, countWords } from '../../shared/word-count';
import { BOLD, linebreak, mention, paragraph, run, tab } from '../helpers/paragraphs';

describe('countWords', () => {
  it('counts words as an author does, in any script', () => {
    expect(countWords('')).toBe(0);
    expect(countWords("\tDon't stop\u2014well-known words, 42 of them.")).toBe(7);
    expect(countWords('Zoë went to Łódź.')).toBe(4);
    expect(countWords('Élodie naïve café')).toBe(3);
  });
});

describe('countParagraphWords', () => {
  it('counts the visible text of runs and mentions, a line break separating words', () => {
    const stored = paragraph(
      tab(),
      run('Then Fro', BOLD),
      run('do met '),
      mention('sam', 'Sam Gamgee'),
      linebreak(),
      run('again'),
    );

    expect(countParagraphWords(stored)).toBe(6);
  });

  it('counts a chapter paragraph by paragraph, so words never join across them', () => {
    expect(countChapterWords([paragraph(run('one two')), paragraph(run('three'))])).toBe(3);
    expect(countChapterWords([])).toBe(0);
  });
});

describe('countChunkWords', () => {
  it('counts a stored chunk, and an unreadable one as empty', () => {
    expect(
      countChunkWords(JSON.stringify(paragraph(run('Zoë went to Łódź with '), mention('sam', 'Sam')))),
    ).toBe(6);
    expect(countChunkWords('{"type":"heading","children":[]}')).toBe(0);
    expect(countChunkWords('not json')).toBe(0);
  });
});
