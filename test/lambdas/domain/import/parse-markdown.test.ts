import { describe, expect, it } from 'vitest';
import { parseMarkdownInline } from '../../../../lambdas/domain/import/markdown-inline';
import { parseManuscript } from '../../../../lambdas/domain/import/parse-manuscript';
import { expectStorable, paragraphTexts, summariseParagraph } from '../../../helpers/imported-manuscripts';

const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const UNDERLINE = 8;

const markdownFile = (text: string) => new TextEncoder().encode(text);

describe('parseManuscript with a Markdown file', () => {
  it("starts a chapter at every '#' and '##' heading, titled by the heading", async () => {
    const file = markdownFile(
      [
        '# Part One',
        '',
        '## Chapter One: The *Road*',
        '',
        'It began on the road.',
        '',
        '### A smaller heading',
        '',
        '## Chapter Two ##',
        'It ended at the sea.',
      ].join('\n'),
    );

    const manuscript = await parseManuscript(file, 'novel.md');

    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual([
      'Part One',
      'Chapter One: The Road',
      'Chapter Two',
    ]);
    expect(paragraphTexts(manuscript.chapters[1]!.paragraphs)).toEqual([
      'It began on the road.',
      'A smaller heading',
    ]);
    expect(paragraphTexts(manuscript.chapters[2]!.paragraphs)).toEqual(['It ended at the sea.']);
    expectStorable(manuscript);
  });

  it('keeps emphasis as italic, strong emphasis as bold, ~~ as strikethrough and <u> as underline', async () => {
    const file = markdownFile('*Italic* _also_ **bold** __also__ ~~struck~~ <u>under</u> ***both***\n');

    const [chapter] = (await parseManuscript(file, 'novel.markdown')).chapters;

    expect(summariseParagraph(chapter!.paragraphs[0]!).runs).toEqual([
      ['Italic', ITALIC],
      [' ', 0],
      ['also', ITALIC],
      [' ', 0],
      ['bold', BOLD],
      [' ', 0],
      ['also', BOLD],
      [' ', 0],
      ['struck', STRIKETHROUGH],
      [' ', 0],
      ['under', UNDERLINE],
      [' ', 0],
      ['both', BOLD | ITALIC],
    ]);
  });

  it("keeps scene breaks, a lone '#' among them, as paragraphs of their own", async () => {
    const file = markdownFile(['Before.', '', '***', '', '* * *', '#', '---', 'After.'].join('\n'));

    const [chapter] = (await parseManuscript(file, 'novel.md')).chapters;

    expect(paragraphTexts(chapter!.paragraphs)).toEqual(['Before.', '***', '* * *', '#', '---', 'After.']);
  });

  it('makes a paragraph of each line, without its leading tab or indent', async () => {
    const file = markdownFile(
      ['\u201CCome,\u201D she said.', '\tHe came -- slowly.', '    He sat.', '', 'Later.'].join('\r\n'),
    );

    const manuscript = await parseManuscript(file, 'novel.md');

    expect(paragraphTexts(manuscript.chapters[0]!.paragraphs)).toEqual([
      '"Come," she said.',
      'He came \u2014 slowly.',
      'He sat.',
      'Later.',
    ]);
  });

  it("joins a hard-wrapped paragraph's lines, as CommonMark does", async () => {
    const wrapped = [
      'The rain had not stopped for three days, and the road out of the valley',
      'had become a river of mud that no cart could cross without losing a wheel.',
      '',
      'She waited at the window, counting the carts that tried, and the ones that',
      'turned back before the bridge.',
    ].join('\n');

    const [chapter] = (await parseManuscript(markdownFile(wrapped), 'novel.md')).chapters;

    expect(paragraphTexts(chapter!.paragraphs)).toEqual([
      'The rain had not stopped for three days, and the road out of the valley had become a river of mud that no cart could cross without losing a wheel.',
      'She waited at the window, counting the carts that tried, and the ones that turned back before the bridge.',
    ]);
  });

  it('leaves out front matter and reads code blocks as written', async () => {
    const file = markdownFile(
      ['---', 'title: Novel', '---', '# Chapter 1', '```', '**not bold**', '```'].join('\n'),
    );

    const manuscript = await parseManuscript(file, 'novel.md');

    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual(['Chapter 1']);
    expect(summariseParagraph(manuscript.chapters[0]!.paragraphs[0]!).runs).toEqual([['**not bold**', 0]]);
  });

  it('makes one chapter titled from the file name of a file without headings', async () => {
    const manuscript = await parseManuscript(markdownFile('Just text.\n'), 'draft.md');

    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual(['draft']);
  });
});

describe('parseMarkdownInline', () => {
  it('leaves underscores inside words and unmatched markers as text', () => {
    expect(parseMarkdownInline('snake_case_name and 2 * 3 = 6')).toEqual([
      { text: 'snake_case_name and 2 * 3 = 6', format: 0 },
    ]);
  });

  it('nests emphasis inside strong emphasis', () => {
    expect(parseMarkdownInline('**bold *and italic* bold**')).toEqual([
      { text: 'bold ', format: BOLD },
      { text: 'and italic', format: BOLD | ITALIC },
      { text: ' bold', format: BOLD },
    ]);
  });

  it('reads escaped markers, code spans and links as their text, and drops images', () => {
    expect(parseMarkdownInline('\\*not\\* `*code*` [a link](https://example.com) ![a map](map.png)')).toEqual(
      [{ text: '*not* *code* a link ', format: 0 }],
    );
  });
});
