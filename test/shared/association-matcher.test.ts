import { describe, expect, it } from 'vitest';
import {
  associationNames,
  compileAssociationMatcher,
  foldCase,
  isWholeWordAt,
  isWordCharacter,
  type MatchableAssociation,
  parseAliases,
  textMatchesAssociation,
} from '../../shared/association-matcher';

function association(
  id: string,
  name: string,
  options: { aliases?: string; caseSensitive?: boolean } = {},
): MatchableAssociation {
  return {
    association_id: id,
    association_name: name,
    aliases: options.aliases ?? '',
    case_sensitive: options.caseSensitive ?? false,
  };
}

/** `[associationId, matchedText]` pairs, which read better in assertions than offsets. */
function mentionsIn(text: string, associations: MatchableAssociation[]) {
  return compileAssociationMatcher(associations)
    .findMentions(text)
    .map((mention) => [mention.associationId, mention.matchedText]);
}

describe('compileAssociationMatcher', () => {
  describe('names and aliases', () => {
    it('finds the name with its offsets and the text as written', () => {
      const matcher = compileAssociationMatcher([association('frodo', 'Frodo')]);

      const mentions = matcher.findMentions('Then Frodo left.');

      expect(mentions).toEqual([{ start: 5, end: 10, associationId: 'frodo', matchedText: 'Frodo' }]);
    });

    it('finds every alias of the comma-separated list, trimmed', () => {
      const frodo = association('frodo', 'Frodo Baggins', {
        aliases: ' Mr. Underhill ,Frodo,  ,Ring-bearer ',
      });

      const mentions = mentionsIn('Frodo, alias Mr. Underhill, the Ring-bearer; Frodo Baggins.', [frodo]);

      expect(mentions).toEqual([
        ['frodo', 'Frodo'],
        ['frodo', 'Mr. Underhill'],
        ['frodo', 'Ring-bearer'],
        ['frodo', 'Frodo Baggins'],
      ]);
    });

    it('trims the name before matching', () => {
      const mentions = mentionsIn('Sam cooked.', [association('sam', '  Sam\t')]);

      expect(mentions).toEqual([['sam', 'Sam']]);
    });

    it('ignores blank names and blank aliases', () => {
      const mentions = mentionsIn('A blank  name matches nothing, not even  spaces.', [
        association('blank', '   ', { aliases: ' , ,' }),
      ]);

      expect(mentions).toEqual([]);
    });

    it('finds nothing with an empty association list', () => {
      const matcher = compileAssociationMatcher([]);

      expect(matcher.findMentions('Frodo and Sam')).toEqual([]);
    });

    it('finds nothing in an empty text', () => {
      expect(mentionsIn('', [association('frodo', 'Frodo')])).toEqual([]);
    });

    it('finds every mention, sorted by position', () => {
      const associations = [association('sam', 'Sam'), association('frodo', 'Frodo')];

      const mentions = compileAssociationMatcher(associations).findMentions('Sam, Frodo, Sam and Frodo');

      expect(mentions.map(({ start, associationId }) => [start, associationId])).toEqual([
        [0, 'sam'],
        [5, 'frodo'],
        [12, 'sam'],
        [20, 'frodo'],
      ]);
    });

    it('gives a mention to the first association listed when two share an alias', () => {
      const associations = [
        association('aragorn', 'Aragorn', { aliases: 'the King' }),
        association('theoden', 'Théoden', { aliases: 'the King' }),
      ];

      const mentions = mentionsIn('Hail the King!', associations);

      expect(mentions).toEqual([['aragorn', 'the King']]);
    });

    it('prefers a case-sensitive association over a case-insensitive one sharing the same text', () => {
      const associations = [
        association('flower', 'rose'),
        association('rose-cotton', 'Rose', { caseSensitive: true }),
      ];

      const mentions = mentionsIn('Rose picked a rose.', associations);

      expect(mentions).toEqual([
        ['rose-cotton', 'Rose'],
        ['flower', 'rose'],
      ]);
    });
  });

  describe('case', () => {
    it('matches any case when the association is not case-sensitive', () => {
      const mentions = mentionsIn('GANDALF, gandalf and GanDalf', [association('gandalf', 'Gandalf')]);

      expect(mentions).toEqual([
        ['gandalf', 'GANDALF'],
        ['gandalf', 'gandalf'],
        ['gandalf', 'GanDalf'],
      ]);
    });

    it('matches only the exact case of names and aliases when the association is case-sensitive', () => {
      const pip = association('pip', 'Pip', { aliases: 'Peregrin', caseSensitive: true });

      const mentions = mentionsIn('Pip, pip, PIP, Peregrin and peregrin', [pip]);

      expect(mentions).toEqual([
        ['pip', 'Pip'],
        ['pip', 'Peregrin'],
      ]);
    });

    it('applies case sensitivity per association', () => {
      const associations = [
        association('bill', 'Bill', { caseSensitive: true }),
        association('ferny', 'Ferny', { caseSensitive: false }),
      ];

      const mentions = mentionsIn('the bill from ferny; Bill and FERNY', associations);

      expect(mentions).toEqual([
        ['ferny', 'ferny'],
        ['bill', 'Bill'],
        ['ferny', 'FERNY'],
      ]);
    });
  });

  describe('longest match and containment', () => {
    it('lets the longer name win over a shorter one at the same place', () => {
      const associations = [association('anne', 'Anne'), association('anne-shirley', 'Anne Shirley')];

      const mentions = mentionsIn('Anne Shirley met Anne.', associations);

      expect(mentions).toEqual([
        ['anne-shirley', 'Anne Shirley'],
        ['anne', 'Anne'],
      ]);
    });

    it('drops a match contained inside a longer one', () => {
      const associations = [association('gables', 'Green Gables'), association('green', 'Green')];

      const mentions = mentionsIn('She came to Green Gables.', associations);

      expect(mentions).toEqual([['gables', 'Green Gables']]);
    });

    it('drops a name in the middle of a longer alias', () => {
      const associations = [
        association('avonlea', 'Avonlea'),
        association('school', 'School', { aliases: 'the Avonlea School house' }),
      ];

      const mentions = mentionsIn('At the Avonlea School house', associations);

      expect(mentions).toEqual([['school', 'the Avonlea School house']]);
    });

    it('resolves overlapping matches leftmost first', () => {
      const associations = [association('anne', 'Anne Shirley'), association('temple', 'Shirley Temple')];

      const mentions = mentionsIn('Anne Shirley Temple', associations);

      expect(mentions).toEqual([['anne', 'Anne Shirley']]);
    });

    it('finds a shorter name when the longer one does not stand as a whole word', () => {
      const associations = [association('anne', 'Anne'), association('anne-s', 'Anne S')];

      const mentions = mentionsIn('Anne Smith', associations);

      expect(mentions).toEqual([['anne', 'Anne']]);
    });
  });

  describe('word boundaries', () => {
    it.each([
      ["Frodo's pack", 'Frodo'],
      ['—Frodo—', 'Frodo'],
      ['"Frodo"', 'Frodo'],
      ['“Frodo”', 'Frodo'],
      ['(Frodo)', 'Frodo'],
      ['Frodo.', 'Frodo'],
      ['\tFrodo\n', 'Frodo'],
    ])('finds the name in %j', (text, expected) => {
      expect(mentionsIn(text, [association('frodo', 'Frodo')])).toEqual([['frodo', expected]]);
    });

    it.each(['Annex', 'Joanne', 'Ann2', 'Annë'])('does not match inside the word %j', (text) => {
      expect(mentionsIn(text, [association('ann', 'Ann')])).toEqual([]);
    });

    it('matches a name that is the whole text', () => {
      expect(mentionsIn('Ann', [association('ann', 'Ann')])).toEqual([['ann', 'Ann']]);
    });

    it('matches names that contain punctuation and digits', () => {
      const associations = [association('droid', 'R2-D2'), association('year', '1984')];

      const mentions = mentionsIn('R2-D2 was built in 1984; 19845 is not a year.', associations);

      expect(mentions).toEqual([
        ['droid', 'R2-D2'],
        ['year', '1984'],
      ]);
    });
  });

  describe('Unicode', () => {
    it('treats accented letters as part of words', () => {
      const associations = [association('zoe', 'Zoë'), association('lodz', 'Łódź')];

      const mentions = mentionsIn('Zoë went to Łódź, not Zoëy or Łódźka.', associations);

      expect(mentions).toEqual([
        ['zoe', 'Zoë'],
        ['lodz', 'Łódź'],
      ]);
    });

    it('folds case beyond ASCII', () => {
      const associations = [association('lodz', 'Łódź'), association('orsted', 'Ørsted')];

      const mentions = mentionsIn('ŁÓDŹ and łódź; ØRSTED and ørsted', associations);

      expect(mentions).toEqual([
        ['lodz', 'ŁÓDŹ'],
        ['lodz', 'łódź'],
        ['orsted', 'ØRSTED'],
        ['orsted', 'ørsted'],
      ]);
    });

    it('keeps exact case beyond ASCII for a case-sensitive association', () => {
      const mentions = mentionsIn('ŁÓDŹ and Łódź', [association('lodz', 'Łódź', { caseSensitive: true })]);

      expect(mentions).toEqual([['lodz', 'Łódź']]);
    });

    it('matches a name written with composed accents in text written with combining accents', () => {
      const decomposed = 'Zoe\u0308';

      const mentions = mentionsIn(`Ask ${decomposed} now`, [association('zoe', 'Zo\u00eb')]);

      expect(mentions).toEqual([['zoe', decomposed]]);
    });

    it('matches letters outside the Basic Multilingual Plane and counts offsets in UTF-16 units', () => {
      const deseret = '𐐔𐐯𐑅𐐨𐑉𐐯𐐻';

      const mentions = compileAssociationMatcher([association('deseret', deseret)]).findMentions(
        `😀 ${deseret.toUpperCase()}!`,
      );

      expect(mentions).toEqual([
        { start: 3, end: 3 + deseret.length, associationId: 'deseret', matchedText: deseret.toUpperCase() },
      ]);
    });

    it('folds Greek final sigma like any other sigma', () => {
      const mentions = mentionsIn('ΟΔΥΣΣΕΎΣ returned', [association('odysseus', 'Οδυσσεύς')]);

      expect(mentions).toEqual([['odysseus', 'ΟΔΥΣΣΕΎΣ']]);
    });
  });
});

describe('parseAliases and associationNames', () => {
  it('splits aliases on commas, trims them and drops blanks', () => {
    expect(parseAliases(' Strider , Elessar,, ,Estel ')).toEqual(['Strider', 'Elessar', 'Estel']);
  });

  it('lists the trimmed name first, then the aliases', () => {
    expect(associationNames({ association_name: ' Aragorn ', aliases: 'Strider' })).toEqual([
      'Aragorn',
      'Strider',
    ]);
  });
});

describe('textMatchesAssociation', () => {
  const strider = association('aragorn', 'Aragorn', { aliases: 'Strider, Elessar' });

  it('accepts the name and each alias in any case when not case-sensitive', () => {
    expect(textMatchesAssociation(strider, 'Aragorn')).toBe(true);
    expect(textMatchesAssociation(strider, 'STRIDER')).toBe(true);
  });

  it('rejects text that no longer equals a name or alias', () => {
    expect(textMatchesAssociation(strider, 'Aragor')).toBe(false);
    expect(textMatchesAssociation(strider, 'Strider ')).toBe(false);
  });

  it('requires the exact case when case-sensitive', () => {
    const sensitive = { ...strider, case_sensitive: true };

    expect(textMatchesAssociation(sensitive, 'Elessar')).toBe(true);
    expect(textMatchesAssociation(sensitive, 'elessar')).toBe(false);
  });
});

describe('isWholeWordAt and isWordCharacter', () => {
  it('accepts a span bounded by the text edges, whitespace or punctuation', () => {
    expect(isWholeWordAt('Frodo', 0, 5)).toBe(true);
    expect(isWholeWordAt("Frodo's", 0, 5)).toBe(true);
    expect(isWholeWordAt('a Frodo—', 2, 7)).toBe(true);
  });

  it('rejects a span touching a letter, digit or combining mark', () => {
    expect(isWholeWordAt('Annex', 0, 3)).toBe(false);
    expect(isWholeWordAt('xAnn', 1, 4)).toBe(false);
    expect(isWholeWordAt('Ann2', 0, 3)).toBe(false);
    expect(isWholeWordAt('Anne\u0308', 0, 4)).toBe(false);
  });

  it('classifies letters of every script, digits and marks as word characters', () => {
    expect(['a', 'Ł', 'ë', 'ø', 'Ж', '字', '7', '\u0308', '𐐔'].map(isWordCharacter)).toEqual(
      Array(9).fill(true),
    );
    expect([' ', '\u00a0', "'", '—', '“', '.', '-', '_', '😀', ''].map(isWordCharacter)).toEqual(
      Array(10).fill(false),
    );
  });
});

describe('foldCase', () => {
  it('keeps the length so offsets in the folded text are offsets in the original', () => {
    const text = 'İstanbul STRASSE ẞ ŁÓDŹ 𐐔';

    expect(foldCase(text)).toHaveLength(text.length);
    expect(foldCase('ŁÓDŹ Ørsted')).toBe('łódź ørsted');
  });
});
