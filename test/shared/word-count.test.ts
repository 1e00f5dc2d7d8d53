import fc from 'fast-check';
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

  it('counts the words of scripts written without spaces', () => {
    expect(countWords('我今天去了商店')).toBe(4);
    expect(countWords('วันนี้ฉันไปตลาด')).toBe(5);
    expect(countWords('今日は店に行きました。')).toBeGreaterThan(3);
    expect(countWords('Ilse said 你好 to 山田さん')).toBe(6);
    // Vowel signs and accents typed apart are part of their word.
    expect(countWords('नमस्ते दुनिया')).toBe(2);
    expect(countWords('re\u0301sume\u0301 cafe\u0301')).toBe(2);
  });

  it('counts text in spaced scripts as the rule of words joined by apostrophes and hyphens did', () => {
    // The rule before unspaced scripts were segmented: every run of letters and digits, joined by ' ’ or -.
    const latinRule = (text: string) =>
      text.match(/[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
    const spacedText = fc
      .array(fc.constantFrom(...'abzAZéøßЖжαω09 \t\n.,;:!?\'\u2019-\u2014"()'.split('')), { maxLength: 80 })
      .map((characters) => characters.join(''));
    fc.assert(
      fc.property(spacedText, (text) => countWords(text) === latinRule(text)),
      { seed: 2026, numRuns: 2_000 },
    );
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
