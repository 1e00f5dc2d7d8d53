import { describe, expect, it } from 'vitest';
import { parseManuscript } from '../../../../lambdas/domain/import/parse-manuscript';
import { isChapterHeading } from '../../../../lambdas/domain/import/parse-text';
import { expectStorable, paragraphTexts } from '../../../helpers/imported-manuscripts';

const textFile = (text: string) => new TextEncoder().encode(text);

describe('parseManuscript with a text file', () => {
  it("starts a chapter at every 'Chapter N' line, titled by the line", async () => {
    const file = textFile(
      [
        'Chapter 1',
        'It began on the road.',
        'It went on.',
        '',
        'CHAPTER TWELVE',
        '',
        'It ended at the sea.',
        'Chapter One: The Road',
        'Chapter 12 was the hardest to write.',
      ].join('\n'),
    );

    const manuscript = await parseManuscript(file, 'novel.txt');

    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual([
      'Chapter 1',
      'CHAPTER TWELVE',
      'Chapter One: The Road',
    ]);
    expect(paragraphTexts(manuscript.chapters[0]!.paragraphs)).toEqual([
      'It began on the road.',
      'It went on.',
    ]);
    expect(paragraphTexts(manuscript.chapters[2]!.paragraphs)).toEqual([
      'Chapter 12 was the hardest to write.',
    ]);
    expectStorable(manuscript);
  });

  it('makes one chapter titled from the file name of a text without chapter lines', async () => {
    const manuscript = await parseManuscript(textFile('\uFEFFOne.\nTwo.\n'), 'My Story.txt');

    expect(manuscript.chapters).toEqual([{ title: 'My Story', paragraphs: expect.any(Array) }]);
    expect(paragraphTexts(manuscript.chapters[0]!.paragraphs)).toEqual(['One.', 'Two.']);
  });

  it("titles the only chapter 'Chapter 1' when the file name gives no title", async () => {
    const manuscript = await parseManuscript(textFile('Text.'), '.txt');

    expect(manuscript.chapters[0]!.title).toBe('Chapter 1');
  });

  it('keeps scene-break lines and applies the paste rules to the text', async () => {
    const file = textFile(
      ['\u201CGo,\u201D he said -- once.', '***', '\tShe went.', '  She\twaited.', '* * *', '#'].join('\n'),
    );

    const [chapter] = (await parseManuscript(file, 'novel.txt')).chapters;

    expect(paragraphTexts(chapter!.paragraphs)).toEqual([
      '"Go," he said \u2014 once.',
      '***',
      'She went.',
      'She    waited.',
      '* * *',
      '#',
    ]);
  });

  it('drops control and bidi-override characters from text and titles', async () => {
    const file = textFile('Chapter 1: The \u202EEnd\nA bell\u0007 rang\u2066.');

    const [chapter] = (await parseManuscript(file, 'novel.txt')).chapters;

    expect(chapter!.title).toBe('Chapter 1: The End');
    expect(paragraphTexts(chapter!.paragraphs)).toEqual(['A bell rang.']);
  });

  it("joins a hard-wrapped paragraph's lines up to the blank line", async () => {
    const file = textFile(
      [
        'CHAPTER I',
        '',
        'It is a truth universally acknowledged, that a single man in possession',
        'of a good fortune, must be in want of a wife.',
        '',
        'However little known the feelings or views of such a man may be on his',
        'first entering a neighbourhood, this truth is so well fixed.',
      ].join('\n'),
    );

    const [chapter] = (await parseManuscript(file, 'pride.txt')).chapters;

    expect(chapter!.title).toBe('CHAPTER I');
    expect(paragraphTexts(chapter!.paragraphs)).toEqual([
      'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.',
      'However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed.',
    ]);
  });
});

describe('isChapterHeading', () => {
  it.each([
    'Chapter 12',
    'CHAPTER TWELVE',
    'Chapter One: The Road',
    'Chapter Twenty-One',
    'chapter one hundred and five',
    'Chapter XII',
    'Chapter 3. Home',
    'Chapter 4 \u2014 The Sea',
    'The First Chapter',
    'Prologue',
    'EPILOGUE',
  ])('reads %j as a chapter heading', (line) => {
    expect(isChapterHeading(line)).toBe(true);
  });

  it.each([
    'Chapter 12 was the hardest.',
    'Chapters',
    'The chapter ended.',
    'Chapter',
    'In chapter 3: nothing',
  ])('reads %j as text', (line) => {
    expect(isChapterHeading(line)).toBe(false);
  });
});
