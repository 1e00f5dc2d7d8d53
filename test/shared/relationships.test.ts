import { describe, expect, it } from 'vitest';
import { countSharedParagraphs } from '../../shared/association-appearances';
import { relationshipsAsOf } from '../../shared/relationships';
import type { Relationship } from '../../shared/schemas/relationships';
import { association, chapter } from '../helpers/paragraphs';

function entry(id: string, fields: Partial<Relationship>): Relationship {
  return {
    relationship_id: id,
    from: 'ada',
    to: 'grace',
    label: 'mentor of',
    reverse_label: null,
    from_chapter_id: null,
    ended: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('relationshipsAsOf', () => {
  const places = new Map([
    ['c1', 0],
    ['c2', 1],
    ['c3', 2],
  ]);
  const mentor = entry('mentor', {});
  const rival = entry('rival', { from: 'grace', to: 'ada', label: 'rival of', from_chapter_id: 'c2' });
  const parted = entry('parted', { label: 'parted', from_chapter_id: 'c3', ended: true });
  const friends = entry('friends', { from: 'ada', to: 'tom', label: 'friend of', from_chapter_id: 'c2' });
  const all = [mentor, rival, parted, friends];

  it('lets a later chapter’s entry for the pair, in either direction, supersede the earlier one', () => {
    expect(relationshipsAsOf(all, places, 0).map(({ relationship_id }) => relationship_id)).toEqual([
      'mentor',
    ]);
    expect(relationshipsAsOf(all, places, 1).map(({ relationship_id }) => relationship_id)).toEqual([
      'rival',
      'friends',
    ]);
  });

  it('ends the pair’s relationship from an ending entry’s chapter on', () => {
    expect(relationshipsAsOf(all, places, 2).map(({ relationship_id }) => relationship_id)).toEqual([
      'friends',
    ]);
  });

  it('never stands an entry whose chapter is no longer in the story', () => {
    const orphan = entry('orphan', { from_chapter_id: 'gone' });

    expect(relationshipsAsOf([mentor, orphan], places, 2)).toEqual([mentor]);
  });
});

describe('countSharedParagraphs', () => {
  it('counts a pair once per paragraph, whatever its mentions, with the first paragraph as the sample', () => {
    const chapters = [
      chapter('c2', 2, ['Ada and Grace argued.']),
      chapter('c1', 1, ['Grace met Ada. Ada smiled at Grace.', 'Ada alone.', 'Tom saw Ada and Grace.']),
    ];
    const associations = [
      association('ada', 'Ada'),
      association('grace', 'Grace'),
      association('tom', 'Tom'),
    ];

    const pairs = countSharedParagraphs(chapters, associations, new Set(['ada', 'grace', 'tom']));

    expect(pairs.map(({ from, to, count }) => [from, to, count])).toEqual([
      ['ada', 'grace', 3],
      ['ada', 'tom', 1],
      ['grace', 'tom', 1],
    ]);
    expect(pairs[0]!.sample).toEqual({
      chapter_id: 'c1',
      key_id: 'c1-0',
      text: 'Grace met Ada. Ada smiled at Grace.',
    });
  });

  it('pairs only the associations asked for, while the others still shadow as in the editor', () => {
    const chapters = [chapter('c1', 1, ['Ann Smith met Bob.'])];
    const associations = [
      association('ann', 'Ann'),
      association('bob', 'Bob'),
      association('smith', 'Ann Smith'),
    ];

    expect(countSharedParagraphs(chapters, associations, new Set(['ann', 'bob']))).toEqual([]);
  });
});
