import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileAssociationMatcher, type MatchableAssociation } from '../../shared/association-matcher';
import { compileNaiveMatcher } from '../helpers/naive-association-matcher';

/**
 * Letters with and without accents (composed and combining), Greek sigmas, digits, spaces and punctuation:
 * enough for names to touch, overlap, nest and differ in case, within the letters where the regular
 * expressions' case folding and the matcher's agree.
 */
const CHARACTERS = ['a', 'b', 'A', 'B', 'é', 'É', 'e', '\u0301', 'σ', 'ς', 'Σ', '1', ' ', ' ', '-', "'", '.'];
const word = fc
  .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 4 })
  .map((characters) => characters.join(''));

const associationsArbitrary = fc
  .array(
    fc.record({
      association_name: word,
      aliases: fc.array(word, { maxLength: 3 }).map((aliases) => aliases.join(', ')),
      case_sensitive: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((associations): MatchableAssociation[] =>
    associations.map((association, index) => ({ ...association, association_id: `association-${index}` })),
  );

const textArbitrary = fc
  .array(fc.constantFrom(...CHARACTERS), { maxLength: 60 })
  .map((characters) => characters.join(''));

describe('compileAssociationMatcher against one regular expression per name (fast-check, fixed seed)', () => {
  it('finds exactly the mentions the naive matcher finds, on random names and texts', () => {
    fc.assert(
      fc.property(associationsArbitrary, textArbitrary, (associations, text) => {
        expect(compileAssociationMatcher(associations).findMentions(text)).toEqual(
          compileNaiveMatcher(associations).findMentions(text),
        );
      }),
      { seed: 17, numRuns: 100 },
    );
  });

  it('finds the same mentions in texts built from the names themselves', () => {
    const namesAndText = associationsArbitrary.chain((associations) => {
      const names = associations.flatMap((association) => [
        association.association_name,
        ...association.aliases.split(','),
      ]);
      const piece = fc.oneof(fc.constantFrom(...names), fc.constantFrom(...CHARACTERS));
      return fc.tuple(
        fc.constant(associations),
        fc.array(piece, { maxLength: 20 }).map((pieces) => pieces.join('')),
      );
    });
    fc.assert(
      fc.property(namesAndText, ([associations, text]) => {
        expect(compileAssociationMatcher(associations).findMentions(text)).toEqual(
          compileNaiveMatcher(associations).findMentions(text),
        );
      }),
      { seed: 17, numRuns: 100 },
    );
  });
});

describe('compileAssociationMatcher with names in a script of thousands of characters', () => {
  it('still finds every mention when the alphabet is too large for a transition table', () => {
    // 1,100 two-character names of distinct CJK characters: 2,200 symbols × 2,201 nodes, past the table's limit.
    const associations: MatchableAssociation[] = Array.from({ length: 1_100 }, (_, index) => ({
      association_id: `association-${index}`,
      association_name: String.fromCharCode(0x4e00 + 2 * index, 0x4e01 + 2 * index),
      aliases: '',
      case_sensitive: false,
    }));
    const text = [0, 7, 1_099]
      .map((index) => `${associations[index]!.association_name} ${String.fromCharCode(0x4e01 + 2 * index)}`)
      .join(', ');

    const mentions = compileAssociationMatcher(associations).findMentions(text);

    expect(mentions.map((mention) => mention.associationId)).toEqual([
      'association-0',
      'association-7',
      'association-1099',
    ]);
    expect(mentions.map((mention) => text.slice(mention.start, mention.end))).toEqual(
      [0, 7, 1_099].map((index) => associations[index]!.association_name),
    );
  });
});
