import { describe, expect, it } from 'vitest';
import { afterDeathWarnings, type NamedAssociation } from '../../../../lambdas/domain/continuity/after-death';
import type { Fact } from '../../../../shared/schemas/facts';
import { buildFact } from '../../../helpers/fact-fixtures';
import { association, chapter } from '../../../helpers/paragraphs';

const boromir: NamedAssociation = { ...association('boromir', 'Boromir'), association_type: 'character' };
const gondor: NamedAssociation = { ...association('gondor', 'Gondor'), association_type: 'place' };

const status = (value: string, chapterId: string, associationId = 'boromir'): Fact =>
  buildFact({
    fact_id: `${associationId}-${value}`,
    association_id: associationId,
    label: 'Status',
    value,
    from_chapter_id: chapterId,
  });

/** Chapter 1 alive; he dies in chapter 2; chapters 3 and 4 after. */
function warningsFor(
  chapterThree: string[],
  facts = { c1: [status('alive', 'c1')], c2: [status('dead', 'c2')] },
) {
  const chapters = [
    chapter('c1', 1, ['Boromir blew the horn.']),
    chapter('c2', 2, ['Boromir fell, pierced by many arrows.']),
    chapter('c3', 3, chapterThree),
  ];
  const standing = new Map<string, Fact[]>([
    ['c1', facts.c1],
    ['c2', facts.c2],
    ['c3', facts.c2],
  ]);
  return afterDeathWarnings(chapters, [boromir, gondor], standing);
}

describe('after_death', () => {
  it('warns when a dead character acts in a later chapter, once, at the first paragraph', () => {
    const warnings = warningsFor(['“Follow me,” said Boromir.', 'Boromir drew his sword.']);

    expect(warnings).toEqual([
      {
        kind: 'after_death',
        message: 'Boromir is dead since “Chapter 2” but is named acting here.',
        chapter_id: 'c3',
        key_id: 'c3-0',
        association_ids: ['boromir'],
      },
    ]);
  });

  it('does not warn in the chapter he dies in, nor where others speak of him', () => {
    expect(warningsFor(['“Boromir was brave,” said Aragorn.', 'They mourned by the river.'])).toEqual([]);
  });

  it('does not warn for a character who lives again, nor for a place', () => {
    const revived = {
      c1: [status('alive', 'c1')],
      c2: [status('alive', 'c2'), status('dead', 'c1', 'gondor')],
    };
    expect(warningsFor(['Boromir walked into Gondor.'], revived)).toEqual([]);
  });
});
