import { describe, expect, it } from 'vitest';
import { explainNoSuggestions, suggestElements } from '../../shared/element-suggestions';
import { association, chapter, mention, paragraph, run } from '../helpers/paragraphs';

describe('suggestElements', () => {
  it('suggests a capitalised word written at least three times, with its count and chapters', () => {
    const chapters = [
      chapter('c1', 1, ['They rode to meet Gandalf at dawn.', 'Gandalf smiled.']),
      chapter('c2', 2, ['Nobody had seen Gandalf for years, or Radagast twice, or Radagast.']),
    ];

    expect(suggestElements(chapters, [])).toEqual([{ name: 'Gandalf', count: 3, chapters: 2 }]);
  });

  it('keeps multi-word names whole, more chapters first on equal counts', () => {
    const chapters = [
      chapter('c1', 1, [
        'They reached Minas Tirith.',
        'Minas Tirith burned.',
        'Far from Minas Tirith, Jean-Luc waited.',
      ]),
      chapter('c2', 2, ['So Jean-Luc went on, and Jean-Luc slept.']),
    ];

    expect(suggestElements(chapters, [])).toEqual([
      { name: 'Jean-Luc', count: 3, chapters: 2 },
      { name: 'Minas Tirith', count: 3, chapters: 1 },
    ]);
  });

  it('leaves out words found only at sentence starts', () => {
    const chapters = [
      chapter('c1', 1, [
        'Suddenly it rained. Slowly the sun rose.',
        '“Slowly,” she said. Slowly now.',
        'Slowly.',
      ]),
    ];

    expect(suggestElements(chapters, [])).toEqual([]);
  });

  it('leaves out common words, days and months, and splits names at them', () => {
    const chapters = [
      chapter('c1', 1, [
        'On Monday we met. On Monday you left. On Monday I cried.',
        'Then Galadriel spoke, and Lady Galadriel sang. Was Galadriel there?',
        'I think I know. OK, I do, OK.',
      ]),
    ];

    expect(suggestElements(chapters, [])).toEqual([{ name: 'Galadriel', count: 3, chapters: 1 }]);
  });

  it('leaves out what an association already names, by name, alias or mention', () => {
    const chapters = [
      chapter('c1', 1, [
        paragraph(run('Then '), mention('frodo', 'Frodo Baggins'), run(' met Bilbo.')),
        'Frodo Baggins and Bilbo and BILBO. Mr. Underhill, Underhill, Underhill, Frodo Baggins.',
      ]),
    ];
    const associations = [
      association('frodo', 'Frodo Baggins', { aliases: 'underhill' }),
      association('bilbo', 'Bilbo', { caseSensitive: true }),
    ];

    expect(suggestElements(chapters, associations)).toEqual([]);
  });

  it('groups spellings that differ in case under the one written most, for names like Zoë and Łódź', () => {
    const chapters = [
      chapter('c1', 1, ['We left ŁÓDŹ for Zoë, and Łódź for Zoë.', 'In Łódź the snow fell on Zoë.']),
    ];

    expect(suggestElements(chapters, [])).toEqual([
      { name: 'Zoë', count: 3, chapters: 1 },
      { name: 'Łódź', count: 3, chapters: 1 },
    ]);
  });

  it('answers at most 20, most frequent first, then by chapters, then by name', () => {
    const names = Array.from({ length: 25 }, (_unused, index) => `Name${String.fromCharCode(65 + index)}x`);
    const text = names.map((name, index) => `and ${name} `.repeat(index < 2 ? 4 : 3)).join(' ');
    const chapters = [chapter('c1', 1, [text]), chapter('c2', 2, ['and NameYx'])];

    const suggestions = suggestElements(chapters, []);

    expect(suggestions).toHaveLength(20);
    expect(suggestions.slice(0, 4)).toEqual([
      { name: 'NameYx', count: 4, chapters: 2 },
      { name: 'NameAx', count: 4, chapters: 1 },
      { name: 'NameBx', count: 4, chapters: 1 },
      { name: 'NameCx', count: 3, chapters: 1 },
    ]);
    expect(suggestElements(chapters, [])).toEqual(suggestions);
  });
});

describe('explainNoSuggestions', () => {
  it('says a name written four times only at sentence starts is left out for that, not as an association', () => {
    const chapters = [
      chapter('c1', 1, ['Ilse opened the door. Ilse waited.', '“Ilse,” he said.']),
      chapter('c2', 2, ['Ilse left at dawn.']),
    ];

    expect(suggestElements(chapters, [])).toEqual([]);
    expect(explainNoSuggestions(chapters, [])).toEqual({
      reason: 'only_at_sentence_starts',
      names: ['Ilse'],
    });
  });

  it('says the names are not repeated enough yet, most written first', () => {
    const chapters = [chapter('c1', 1, ['They met Ilse and Marek, then Ilse again. Nobody saw Oskar.'])];

    expect(explainNoSuggestions(chapters, [])).toEqual({
      reason: 'too_few_repeats',
      names: ['Ilse', 'Marek', 'Oskar'],
    });
  });

  it('says every repeated name is an association only when one is written often enough', () => {
    const chapters = [chapter('c1', 1, ['They met Ilse, and Ilse smiled, and so did Ilse.'])];
    const associations = [association('ilse', 'Ilse')];

    expect(explainNoSuggestions(chapters, associations)).toEqual({ reason: 'all_associations' });
  });

  it('says the story names nobody when no word could be a name', () => {
    expect(explainNoSuggestions([chapter('c1', 1, ['it rained all day. we stayed in.'])], [])).toEqual({
      reason: 'no_names',
    });
  });

  it('explains nothing when there are suggestions', () => {
    const chapters = [chapter('c1', 1, ['They met Ilse, and Ilse smiled, and so did Ilse.'])];

    expect(explainNoSuggestions(chapters, [])).toBeUndefined();
  });
});
