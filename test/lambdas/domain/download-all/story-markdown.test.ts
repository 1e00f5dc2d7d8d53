import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storyMarkdown } from '../../../../lambdas/domain/download-all/story-markdown';
import { parseMarkdown } from '../../../../lambdas/domain/import/parse-markdown';
import type { Paragraph } from '../../../../shared/schemas/paragraph';
import { summariseParagraph } from '../../../helpers/imported-manuscripts';
import { BOLD, ITALIC, linebreak, paragraph, run } from '../../../helpers/paragraphs';

const STRIKETHROUGH = 4;
const UNDERLINE = 8;

/** Runs of one format joined, as the import writes them, so two spellings of one paragraph compare equal. */
function runsOf(stored: Paragraph): [string, number][] {
  const runs: [string, number][] = [];
  for (const [text, format] of summariseParagraph(stored).runs) {
    const previous = runs[runs.length - 1];
    if (previous && previous[1] === format) previous[0] += text;
    else if (text !== '') runs.push([text, format]);
  }
  return runs;
}

/** The text, and each visible character's format: a space at a run's edge may land on either side of it. */
function visibleFormats(runs: [string, number][]) {
  const text = runs.map(([part]) => part).join('');
  const formats = runs.flatMap(([part, format]) =>
    [...part].filter((character) => character.trim() !== '').map(() => format),
  );
  return { text, formats };
}

function roundTrip(chapters: { title: string; paragraphs: Paragraph[] }[]) {
  const markdown = storyMarkdown({ title: 'The Long Winter', description: 'A "novel"\nin parts', chapters });
  return parseMarkdown(markdown, 'Untitled').chapters.map((chapter) => ({
    title: chapter.title,
    paragraphs: chapter.paragraphs.map(runsOf),
  }));
}

describe('a story as Markdown', () => {
  it('reads back through the manuscript import to the same chapters, text and formatting', () => {
    const chapters = [
      {
        title: 'The Letter',
        paragraphs: [
          paragraph(
            run('It came on a '),
            run('Tuesday', ITALIC),
            run(', and it was '),
            run('late', BOLD),
            run('.'),
          ),
          paragraph(run('Struck', STRIKETHROUGH), run(' and '), run('underlined', UNDERLINE), run('!')),
          paragraph(run('Both at once', BOLD | ITALIC), run(' then '), run('all four', 15)),
          paragraph(run('"Wait!"', ITALIC), run('she said.')),
          paragraph(run('bold', BOLD), run('italic', ITALIC), run(' next to each other')),
        ],
      },
      {
        title: 'Chapter #2: [draft] *new*',
        paragraphs: [
          paragraph(run('# not a heading, > not a quote')),
          paragraph(run('Stars * and _underscores_ and ~~tildes~~, <u>tags</u>, [links](x) and `code`.')),
          paragraph(run('***')),
          paragraph(run('After the break.')),
        ],
      },
    ];

    expect(roundTrip(chapters)).toEqual([
      {
        title: 'The Letter',
        paragraphs: [
          [
            ['It came on a ', 0],
            ['Tuesday', ITALIC],
            [', and it was ', 0],
            ['late', BOLD],
            ['.', 0],
          ],
          [
            ['Struck', STRIKETHROUGH],
            [' and ', 0],
            ['underlined', UNDERLINE],
            ['!', 0],
          ],
          [
            ['Both at once', BOLD | ITALIC],
            [' then ', 0],
            ['all four', 15],
          ],
          [
            ['"Wait!"', ITALIC],
            ['she said.', 0],
          ],
          [
            ['bold', BOLD],
            ['italic', ITALIC],
            [' next to each other', 0],
          ],
        ],
      },
      {
        title: 'Chapter #2: [draft] *new*',
        paragraphs: [
          [['# not a heading, > not a quote', 0]],
          [['Stars * and _underscores_ and ~~tildes~~, <u>tags</u>, [links](x) and `code`.', 0]],
          [['***', 0]],
          [['After the break.', 0]],
        ],
      },
    ]);
  });

  it('writes blank paragraphs as nothing and a line break inside a paragraph as a space', () => {
    const chapters = [
      {
        title: 'One',
        paragraphs: [paragraph(), paragraph(run('first'), linebreak(), run('line')), paragraph()],
      },
    ];

    expect(roundTrip(chapters)).toEqual([{ title: 'One', paragraphs: [[['first line', 0]]] }]);
  });

  it('keeps the title and description as front matter and every chapter as a "#" heading', () => {
    const markdown = storyMarkdown({
      title: 'The Long Winter',
      description: 'Cold.',
      chapters: [{ title: 'One', paragraphs: [paragraph(run('Snow.'))] }],
    });

    expect(markdown).toBe('---\ntitle: "The Long Winter"\ndescription: "Cold."\n---\n\n# One\n\nSnow.\n');
  });

  it('reads back any mix of words, punctuation and formats unchanged', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9"'.,!?*_~<>[\]()#`-]{1,8}$/);
    const styledRun = fc.record({
      words: fc.array(word, { minLength: 1, maxLength: 4 }),
      format: fc.integer({ min: 0, max: 15 }),
    });
    fc.assert(
      fc.property(fc.array(styledRun, { minLength: 1, maxLength: 5 }), (runs) => {
        const stored = paragraph(
          ...runs.map((styled, index) =>
            run(`${index > 0 ? ' ' : ''}${styled.words.join(' ')}`, styled.format),
          ),
        );
        const text = runsOf(stored)
          .map(([part]) => part)
          .join('');
        // The editor never stores '--' (typing makes it a dash), nor a paragraph that is only a scene-break mark.
        fc.pre(!text.includes('--') && !/^[\s#*~_-]*$/.test(text) && !/^[-*_~#\s]{3,}$/.test(text.trim()));

        const [readBack] = roundTrip([{ title: 'One', paragraphs: [stored] }]);

        expect(readBack?.paragraphs.map(visibleFormats)).toEqual([visibleFormats(runsOf(stored))]);
      }),
      { numRuns: 300 },
    );
  });
});
