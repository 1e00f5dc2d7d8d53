import { describe, expect, it } from 'vitest';
import { paragraphText } from '../../shared/paragraph-text';
import {
  countMatchesInParagraph,
  findInParagraph,
  findInParagraphs,
  findMatches,
  renameInStory,
  replaceInParagraph,
  replaceInStory,
  replaceMatchInParagraph,
  replaceRangeInParagraph,
} from '../../shared/text-replacement';
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
} from '../helpers/paragraphs';

const wholeWordAnyCase = { case_sensitive: false, whole_word: true };
const exactAnywhere = { case_sensitive: true, whole_word: false };

describe('findMatches', () => {
  it('follows the case option', () => {
    expect(findMatches('Tuesday, tuesday, TUESDAY', 'Tuesday', exactAnywhere)).toEqual([
      { start: 0, end: 7 },
    ]);
    expect(findMatches('Tuesday, tuesday, TUESDAY', 'tuesday', wholeWordAnyCase)).toHaveLength(3);
  });

  it('finds whole words only when asked, with the matcher’s word rule', () => {
    const text = "Ann's annex; Ann—Anna";

    expect(
      findMatches(text, 'Ann', wholeWordAnyCase).map((match) => text.slice(match.start, match.end)),
    ).toEqual(['Ann', 'Ann']);
    expect(findMatches(text, 'ann', { case_sensitive: false, whole_word: false })).toHaveLength(4);
  });

  it('never overlaps matches and matches nothing for an empty query', () => {
    expect(findMatches('aaaa', 'aa', exactAnywhere)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
    expect(findMatches('text', '', exactAnywhere)).toEqual([]);
  });

  it('treats composed and decomposed accents and other scripts alike', () => {
    const text = 'Zoe\u0308 and Zoë met in ŁÓDŹ; Zoëy stayed.';

    expect(findMatches(text, 'Zoë', wholeWordAnyCase)).toHaveLength(2);
    const lodz = text.indexOf('ŁÓDŹ');
    expect(findMatches(text, 'łódź', wholeWordAnyCase)).toEqual([{ start: lodz, end: lodz + 4 }]);
    expect(findMatches(text, 'łódź', { case_sensitive: true, whole_word: true })).toEqual([]);
  });
});

describe('replaceInParagraph', () => {
  it('replaces within one run and counts the replacements', () => {
    const stored = paragraph(run('Tuesday came, then tuesday again.', ITALIC));

    const result = replaceInParagraph(stored, 'tuesday', 'Friday', wholeWordAnyCase);

    expect(result.replaced).toBe(2);
    expect(result.paragraph.children).toEqual([run('Friday came, then Friday again.', ITALIC)]);
  });

  it('gives the replacement the format of the run where a split match starts, others keep theirs', () => {
    const stored = paragraph(run('Then Fro'), run('do', BOLD), run(' ran', ITALIC));

    const result = replaceInParagraph(stored, 'Frodo', 'Samwise', wholeWordAnyCase);

    expect(result.replaced).toBe(1);
    expect(result.paragraph.children).toEqual([run('Then Samwise'), run(' ran', ITALIC)]);
  });

  it('keeps the rest of a later run that a split match only begins', () => {
    const stored = paragraph(run('Fro', BOLD), run('do and Sam', ITALIC));

    const result = replaceInParagraph(stored, 'frodo', 'Bilbo', wholeWordAnyCase);

    expect(result.paragraph.children).toEqual([run('Bilbo', BOLD), run(' and Sam', ITALIC)]);
  });

  it('turns a mention whose text is replaced into a plain run of its format', () => {
    const stored = paragraph(run('Then '), mention('frodo', 'Frodo', BOLD), run(' left.'));

    const result = replaceInParagraph(stored, 'Frodo', 'Samwise', wholeWordAnyCase);

    expect(result.replaced).toBe(1);
    expect(result.paragraph.children).toEqual([run('Then '), run('Samwise', BOLD), run(' left.')]);
  });

  it('keeps a mention the replacement does not touch', () => {
    const stored = paragraph(mention('frodo', 'Frodo'), run(' met Sam.'));

    const result = replaceInParagraph(stored, 'Sam', 'Samwise', wholeWordAnyCase);

    expect(result.paragraph.children).toEqual([mention('frodo', 'Frodo'), run(' met Samwise.')]);
  });

  it('removes runs a replacement empties and keeps tabs and line breaks', () => {
    const stored = paragraph(tab(), run('very ', ITALIC), run('very', BOLD), linebreak(), run('good'));

    const result = replaceInParagraph(stored, 'very very', 'so', exactAnywhere);

    expect(result.paragraph.children).toEqual([tab(), run('so', ITALIC), linebreak(), run('good')]);
    expect(paragraphText(result.paragraph).text).toBe('\tso\ngood');
  });

  it('neither finds nor replaces a match over a tab or a line break', () => {
    const stored = paragraph(run('end'), linebreak(), run('start'));

    expect(countMatchesInParagraph(stored, 'end\nstart', exactAnywhere)).toBe(0);
    expect(replaceInParagraph(stored, 'end\nstart', 'x', exactAnywhere)).toEqual({
      paragraph: stored,
      replaced: 0,
    });
  });

  it('replaces names such as Zoë and Łódź, leaving the paragraph given unchanged', () => {
    const stored = paragraph(run('Zoë left Łódź. Zoëlle stayed in Łódź.'));
    const before = structuredClone(stored);

    const zoe = replaceInParagraph(stored, 'Zoë', 'Zoey', wholeWordAnyCase);
    const lodz = replaceInParagraph(zoe.paragraph, 'ŁÓDŹ', 'Warsaw', wholeWordAnyCase);

    expect(zoe.replaced).toBe(1);
    expect(lodz.replaced).toBe(2);
    expect(paragraphText(lodz.paragraph).text).toBe('Zoey left Warsaw. Zoëlle stayed in Warsaw.');
    expect(stored).toEqual(before);
  });

  it('replaces with nothing, removing the words', () => {
    const result = replaceInParagraph(paragraph(run('a very good day')), 'very ', '', exactAnywhere);

    expect(paragraphText(result.paragraph).text).toBe('a good day');
  });
});

describe('findInParagraph', () => {
  it('gives each match’s offsets in the paragraph’s text, across runs, leaving out matches over a tab', () => {
    const stored = paragraph(run('Fro', BOLD), run('do met Frodo.'), tab(), run('Fro'), tab(), run('do'));

    const matches = findInParagraph(stored, 'frodo', wholeWordAnyCase);

    expect(matches).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 15 },
    ]);
    expect(paragraphText(stored).text.slice(10, 15)).toBe('Frodo');
  });
});

describe('replaceMatchInParagraph', () => {
  it('replaces only the chosen match, keeping the format of the run where it starts', () => {
    const stored = paragraph(run('Tuesday, then '), run('Tues', ITALIC), run('day again.'));

    const result = replaceMatchInParagraph(stored, 'Tuesday', 'Friday', exactAnywhere, 1);

    expect(result.replaced).toBe(1);
    expect(result.paragraph.children).toEqual([run('Tuesday, then '), run('Friday', ITALIC), run(' again.')]);
  });

  it('changes nothing for a match that is not there', () => {
    const stored = paragraph(run('Tuesday.'));

    const result = replaceMatchInParagraph(stored, 'Tuesday', 'Friday', exactAnywhere, 1);

    expect(result).toEqual({ paragraph: stored, replaced: 0 });
  });
});

describe('findInParagraphs', () => {
  it('lists matches by chapter in place order with snippets, totalling them all', () => {
    const chapters = [
      chapter('c2', 2, ['On Tuesday it rained.']),
      chapter('c1', 1, ['Tuesday, and tuesday again.', 'No match.']),
      chapter('c3', 3, ['Tuesdays do not count.']),
    ];

    const result = findInParagraphs(chapters, 'tuesday', wholeWordAnyCase);

    expect(result).toEqual({
      total: 3,
      chapters: [
        {
          chapter_id: 'c1',
          title: 'Chapter 1',
          place: 1,
          matches: [
            { key_id: 'c1-0', text: 'Tuesday, and tuesday again.' },
            { key_id: 'c1-0', text: 'Tuesday, and tuesday again.' },
          ],
        },
        {
          chapter_id: 'c2',
          title: 'Chapter 2',
          place: 2,
          matches: [{ key_id: 'c2-0', text: 'On Tuesday it rained.' }],
        },
      ],
    });
  });

  it('lists at most 50 matches per chapter but counts every one', () => {
    const result = findInParagraphs([chapter('c1', 1, ['word '.repeat(60)])], 'word', wholeWordAnyCase);

    expect(result.total).toBe(60);
    expect(result.chapters[0]!.matches).toHaveLength(50);
  });

  it('finds exactly what a replace changes', () => {
    const chapters = [
      chapter('c1', 1, [
        paragraph(run('Fro', BOLD), run('do')),
        paragraph(run('end'), linebreak(), run('Frodo')),
      ]),
    ];

    const found = findInParagraphs(chapters, 'frodo', wholeWordAnyCase);
    const replaced = replaceInStory(chapters, 'frodo', 'Sam', wholeWordAnyCase);

    expect(found.total).toBe(2);
    expect(replaced.replaced).toBe(found.total);
  });
});

describe('replaceInStory', () => {
  it('answers only the changed paragraphs of the changed chapters, with the count', () => {
    const chapters = [
      chapter('c1', 1, ['Ann met Bob.', 'Nobody here.', 'Ann again, Annex not.']),
      chapter('c2', 2, ['Bob alone.']),
      chapter('c3', 3, ['ann in lower case.']),
    ];

    const result = replaceInStory(chapters, 'Ann', 'Anna', { case_sensitive: true, whole_word: true });

    expect(result.replaced).toBe(2);
    expect(
      result.chapters.map((changed) => [
        changed.chapter_id,
        changed.paragraphs.map(({ key_id, paragraph: replaced }) => [key_id, paragraphText(replaced).text]),
      ]),
    ).toEqual([
      [
        'c1',
        [
          ['c1-0', 'Anna met Bob.'],
          ['c1-2', 'Anna again, Annex not.'],
        ],
      ],
    ]);
  });
});

describe('renameInStory', () => {
  const textsOf = (result: ReturnType<typeof renameInStory>) =>
    result.chapters.flatMap((changed) =>
      changed.paragraphs.map((stored) => paragraphText(stored.paragraph).text),
    );

  it('renames the name in any case for a case-insensitive association, never its aliases', () => {
    const chapters = [
      chapter('c1', 1, ['Zoë smiled. ZOË! Zoe\u0308 again.', 'Only Zo here.']),
      chapter('c2', 2, ['zoë, and Zoëlle.']),
    ];
    const associations = [association('zoe', 'Zoë', { aliases: 'Zo' })];

    const result = renameInStory(chapters, associations, 'zoe', 'Chloé');

    expect(result.replaced).toBe(4);
    expect(result.chapters.map((changed) => changed.chapter_id)).toEqual(['c1', 'c2']);
    expect(textsOf(result)).toEqual(['Chloé smiled. Chloé! Chloé again.', 'Chloé, and Zoëlle.']);
  });

  it('keeps the exact case of a case-sensitive name', () => {
    const chapters = [chapter('c1', 1, ['Will said he will go to Łódź, Will.'])];

    const result = renameInStory(
      chapters,
      [association('will', 'Will', { caseSensitive: true })],
      'will',
      'Bill',
    );

    expect(textsOf(result)).toEqual(['Bill said he will go to Łódź, Bill.']);
  });

  it('leaves a name inside a longer association’s name to that association', () => {
    const chapters = [chapter('c1', 1, ['Ann met Ann Smith.'])];
    const associations = [association('ann', 'Ann'), association('ann-smith', 'Ann Smith')];

    const result = renameInStory(chapters, associations, 'ann', 'Anna');

    expect(result.replaced).toBe(1);
    expect(textsOf(result)).toEqual(['Anna met Ann Smith.']);
  });

  it('renames a mention node and a name split across runs of different formats, keeping formats', () => {
    const chapters = [
      chapter('c1', 1, [
        paragraph(
          run('Then '),
          mention('frodo', 'Frodo', ITALIC),
          run(' and '),
          run('Fro', BOLD),
          run('do ran.'),
        ),
      ]),
    ];

    const result = renameInStory(chapters, [association('frodo', 'Frodo')], 'frodo', 'Samwise');

    expect(result.replaced).toBe(2);
    expect(result.chapters[0]!.paragraphs[0]!.paragraph.children).toEqual([
      run('Then '),
      run('Samwise', ITALIC),
      run(' and '),
      run('Samwise', BOLD),
      run(' ran.'),
    ]);
  });

  it('changes nothing for an association that is not in the list', () => {
    expect(renameInStory([chapter('c1', 1, ['Frodo.'])], [], 'frodo', 'Sam')).toEqual({
      chapters: [],
      replaced: 0,
    });
  });
});

describe('replaceRangeInParagraph (an accepted suggestion)', () => {
  it('replaces a range across runs in the format of the run it starts in', () => {
    const stored = paragraph(run('every ', ITALIC), run('night', BOLD), run(' long'));
    const result = replaceRangeInParagraph(stored, 0, 11, 'each dusk');

    expect(result.replaced).toBe(1);
    expect(result.paragraph.children).toEqual([run('each dusk', ITALIC), run(' long')]);
  });

  it('inserts at a point, in the run that ends there, and deletes with an empty replacement', () => {
    const stored = paragraph(run('one '), run('two', BOLD));

    expect(replaceRangeInParagraph(stored, 4, 4, 'and a half ').paragraph.children).toEqual([
      run('one and a half '),
      run('two', BOLD),
    ]);
    expect(replaceRangeInParagraph(stored, 0, 4, '').paragraph.children).toEqual([run('two', BOLD)]);
  });

  it('changes nothing across a tab, or for a range outside the text', () => {
    const stored = paragraph(run('a'), tab(), run('b'));

    expect(replaceRangeInParagraph(stored, 0, 3, 'x')).toEqual({ paragraph: stored, replaced: 0 });
    expect(replaceRangeInParagraph(stored, 2, 9, 'x').replaced).toBe(0);
  });
});
