import { describe, expect, it } from 'vitest';
import { findAppearances, tallyMentions } from '../../shared/association-appearances';
import { association, BOLD, chapter, mention, paragraph, run } from '../helpers/paragraphs';

describe('findAppearances', () => {
  it('counts the name and aliases per chapter in place order, leaving out chapters without a mention', () => {
    const chapters = [
      chapter('c3', 3, ['Mr. Baggins smiled. Frodo nodded.']),
      chapter('c1', 1, ['Frodo left the Shire.', 'Nothing here.', 'frodo and FRODO.']),
      chapter('c2', 2, ['Gandalf waited.']),
    ];
    const associations = [
      association('frodo', 'Frodo', { aliases: 'Mr. Baggins' }),
      association('gandalf', 'Gandalf'),
    ];

    const appearances = findAppearances(chapters, associations, 'frodo');

    expect(appearances.association_id).toBe('frodo');
    expect(appearances.total).toBe(5);
    expect(
      appearances.chapters.map(({ chapter_id, title, place, count }) => [chapter_id, title, place, count]),
    ).toEqual([
      ['c1', 'Chapter 1', 1, 3],
      ['c3', 'Chapter 3', 3, 2],
    ]);
  });

  it('lets a longer name of another association shadow the shorter one, as the editor highlights', () => {
    const chapters = [chapter('c1', 1, ['Ann met Ann Smith, and Ann Smith left Ann.'])];
    const associations = [association('ann', 'Ann'), association('ann-smith', 'Ann Smith')];

    expect(findAppearances(chapters, associations, 'ann').total).toBe(2);
    expect(findAppearances(chapters, associations, 'ann-smith').total).toBe(2);
  });

  it('follows each name’s case rule and matches names such as Zoë and Łódź in any script', () => {
    const chapters = [
      chapter('c1', 1, ['Zoë went to Łódź. ZOË loved łódź.', 'Then Zoe\u0308 left, and will did not.']),
    ];
    const associations = [
      association('zoe', 'Zoë', { caseSensitive: false }),
      association('lodz', 'Łódź', { caseSensitive: true }),
      association('will', 'Will', { caseSensitive: true }),
    ];

    expect(findAppearances(chapters, associations, 'zoe').total).toBe(3);
    expect(findAppearances(chapters, associations, 'lodz').total).toBe(1);
    expect(findAppearances(chapters, associations, 'will').total).toBe(0);
  });

  it('counts stored mention nodes and text split across runs of one format, not a name in two formats', () => {
    const chapters = [
      chapter('c1', 1, [
        paragraph(run('Then '), mention('frodo', 'Frodo'), run(' ran.')),
        paragraph(run('Fro', BOLD), run('do', BOLD), run(' ran.')),
        paragraph(run('Fro', BOLD), run('do ran.')),
      ]),
    ];

    const appearances = findAppearances(chapters, [association('frodo', 'Frodo')], 'frodo');

    expect(appearances.total).toBe(2);
    expect(appearances.chapters[0]!.snippets.map((snippet) => snippet.key_id)).toEqual(['c1-0', 'c1-1']);
  });

  it('gives at most five snippets per chapter, one per paragraph, around the mention', () => {
    const filler = 'The road went ever on and on, down from the door where it began. '.repeat(3);
    const paragraphs = Array.from({ length: 7 }, (_unused, index) => `${filler}Frodo ${index}. ${filler}`);
    paragraphs.splice(1, 0, 'Frodo and Frodo again.');

    const appearances = findAppearances(
      [chapter('c1', 1, paragraphs)],
      [association('frodo', 'Frodo')],
      'frodo',
    );

    const { count, snippets } = appearances.chapters[0]!;
    expect(count).toBe(9);
    expect(snippets.map((snippet) => snippet.key_id)).toEqual(['c1-0', 'c1-1', 'c1-2', 'c1-3', 'c1-4']);
    expect(snippets[0]!.text).toContain('Frodo 0.');
    expect(snippets[0]!.text.length).toBeLessThanOrEqual(122);
    expect(snippets[1]!.text).toBe('Frodo and Frodo again.');
  });

  it('answers an empty result for an association not in the story', () => {
    const appearances = findAppearances(
      [chapter('c1', 1, ['Frodo.'])],
      [association('frodo', 'Frodo')],
      'sam',
    );

    expect(appearances).toEqual({ association_id: 'sam', total: 0, chapters: [] });
  });
});

describe('tallyMentions', () => {
  it('counts every association per chapter with its first chapter, agreeing with findAppearances', () => {
    const chapters = [chapter('c2', 2, ['Sam and Frodo. Sam again.']), chapter('c1', 1, ['Frodo alone.'])];
    const associations = [
      association('frodo', 'Frodo'),
      association('sam', 'Sam'),
      association('gollum', 'Gollum'),
    ];

    const tallies = tallyMentions(chapters, associations);

    expect(tallies).toEqual([
      { association_id: 'frodo', total: 2, first_chapter_id: 'c1', by_chapter: { c1: 1, c2: 1 } },
      { association_id: 'sam', total: 2, first_chapter_id: 'c2', by_chapter: { c2: 2 } },
      { association_id: 'gollum', total: 0, first_chapter_id: null, by_chapter: {} },
    ]);
    for (const tally of tallies) {
      expect(findAppearances(chapters, associations, tally.association_id).total).toBe(tally.total);
    }
  });
});
