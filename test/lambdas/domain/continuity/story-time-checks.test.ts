import { describe, expect, it } from 'vitest';
import type { NamedAssociation } from '../../../../lambdas/domain/continuity/after-death';
import { ageMismatchWarnings } from '../../../../lambdas/domain/continuity/age-mismatch';
import { timeOrderWarnings } from '../../../../lambdas/domain/continuity/time-order';
import { twoPlacesWarnings, type TimedChapter } from '../../../../lambdas/domain/continuity/two-places';
import type { StoredChapterTime } from '../../../../lambdas/domain/chapters/chapter-repository';
import { placeInStoryTime } from '../../../../lambdas/domain/story-time/chapter-times';
import type { Fact } from '../../../../shared/schemas/facts';
import type { StoryDate } from '../../../../shared/schemas/story-time';
import { GREGORIAN_CALENDAR } from '../../../../shared/story-calendar';
import { buildFact } from '../../../helpers/fact-fixtures';
import { association, chapter } from '../../../helpers/paragraphs';

const calendar = GREGORIAN_CALENDAR;
const on = (day: number, hour?: number): StoryDate => ({
  year: 3019,
  month: 3,
  day,
  ...(hour === undefined ? {} : { hour }),
});
const at = (start: StoryDate, options: { end?: StoryDate; flashback?: boolean } = {}): StoredChapterTime => ({
  start,
  ...(options.end ? { end: options.end } : {}),
  flashback: options.flashback ?? false,
});
const named = (id: string, name: string, type: string): NamedAssociation => ({
  ...association(id, name),
  association_type: type,
});
const aragorn = named('aragorn', 'Aragorn', 'character');
const frodo = named('frodo', 'Frodo', 'character');
const rivendell = named('rivendell', 'Rivendell', 'place');
const bree = named('bree', 'Bree', 'place');
const lastHomelyHouse = named('house', 'the Last Homely House', 'place');

function timed(id: string, place: number, paragraphs: string[], time?: StoredChapterTime): TimedChapter {
  return { ...chapter(id, place, paragraphs), time };
}

describe('time_order', () => {
  const dated = (id: string, place: number, time?: StoredChapterTime) => ({
    chapter_id: id,
    title: `Chapter ${place}`,
    time,
  });

  it('warns at a chapter set before the one the story last stood at', () => {
    const warnings = timeOrderWarnings(calendar, [dated('c1', 1, at(on(10))), dated('c2', 2, at(on(9)))]);
    expect(warnings).toEqual([
      {
        kind: 'time_order',
        message:
          'This chapter is set on 9 March 3019, before “Chapter 1” (10 March 3019), but is not marked a flashback.',
        chapter_id: 'c2',
        association_ids: [],
      },
    ]);
  });

  it('leaves flashbacks, undated chapters, the same day and the chapter after a flashback be', () => {
    const warnings = timeOrderWarnings(calendar, [
      dated('c1', 1, at(on(10))),
      dated('c2', 2, at({ year: 2990, month: 1, day: 1 }, { flashback: true })),
      dated('c3', 3),
      dated('c4', 4, at(on(10, 18))),
      dated('c5', 5, at(on(11))),
    ]);
    expect(warnings).toEqual([]);
  });

  it('compares the chapter after a flashback with the main line, not with the flashback', () => {
    const warnings = timeOrderWarnings(calendar, [
      dated('c1', 1, at(on(10))),
      dated('c2', 2, at({ year: 2990, month: 1, day: 1 }, { flashback: true })),
      dated('c3', 3, at({ year: 3000, month: 1, day: 1 })),
    ]);
    expect(warnings.map((warning) => warning.chapter_id)).toEqual(['c3']);
  });
});

describe('two_places', () => {
  const associations = [aragorn, frodo, rivendell, bree, lastHomelyHouse];

  it('warns when overlapping chapters put a character at places apart', () => {
    const warnings = twoPlacesWarnings(
      calendar,
      [
        timed('c1', 1, ['Aragorn rested in Rivendell.'], at(on(10), { end: on(12) })),
        timed('c2', 2, ['Frodo slept.', 'Aragorn walked the streets of Bree.'], at(on(11))),
      ],
      associations,
    );
    expect(warnings).toEqual([
      {
        kind: 'two_places',
        message: 'Aragorn is at Bree here, but at Rivendell in “Chapter 1” at the same time.',
        chapter_id: 'c2',
        key_id: 'c2-1',
        association_ids: ['aragorn', 'bree', 'rivendell'],
      },
    ]);
  });

  it('does not warn for times apart, undated chapters, places named together, or another character', () => {
    const apart = [
      timed('c1', 1, ['Aragorn rested in Rivendell.'], at(on(10))),
      timed('c2', 2, ['Aragorn walked the streets of Bree.'], at(on(11))),
    ];
    const undated = [
      timed('c1', 1, ['Aragorn rested in Rivendell.'], at(on(10))),
      timed('c2', 2, ['Aragorn walked the streets of Bree.']),
    ];
    const together = [
      timed('c0', 1, ['Rivendell is the Last Homely House.']),
      timed('c1', 2, ['Aragorn rested in Rivendell.'], at(on(10))),
      timed('c2', 3, ['Aragorn ate in the Last Homely House.'], at(on(10))),
    ];
    const others = [
      timed('c1', 1, ['Aragorn rested in Rivendell.'], at(on(10))),
      timed('c2', 2, ['Frodo walked the streets of Bree.'], at(on(10))),
    ];
    for (const chapters of [apart, undated, together, others]) {
      expect(twoPlacesWarnings(calendar, chapters, associations)).toEqual([]);
    }
  });

  it('sees overlap to the hour: the same day at different hours is no clash', () => {
    const chapters = [
      timed('c1', 1, ['Aragorn rested in Rivendell.'], at(on(10, 8))),
      timed('c2', 2, ['Aragorn walked the streets of Bree.'], at(on(10, 20))),
      timed('c3', 3, ['Aragorn came back to Bree.'], at(on(10))),
    ];
    expect(twoPlacesWarnings(calendar, chapters, associations).map((warning) => warning.chapter_id)).toEqual([
      'c3',
    ]);
  });
});

describe('age_mismatch', () => {
  const fact = (label: string, value: string, chapterId: string): Fact =>
    buildFact({ association_id: 'aragorn', label, value, from_chapter_id: chapterId });

  const born = fact('Born', '1 March 2931', 'c1');

  function warningsFor(age: string, times: (StoredChapterTime | undefined)[]) {
    const chapterIds = times.map((_time, index) => `c${index + 1}`);
    const placed = placeInStoryTime(calendar, times);
    const lastId = chapterIds.at(-1)!;
    const standing = new Map(
      chapterIds.map((id) => [id, id === lastId ? [born, fact('Age', age, id)] : [born]] as const),
    );
    return ageMismatchWarnings(
      calendar,
      chapterIds.map((id, index) => ({ chapter_id: id, placed: placed[index]! })),
      [aragorn],
      standing,
    );
  }

  it('warns when the stated age is a year or more from the one the birth date gives', () => {
    expect(warningsFor('87', [at(on(10))])).toEqual([
      {
        kind: 'age_mismatch',
        message: "Aragorn's Age is 87 here, but born 1 March 2931 they are 88 on 10 March 3019.",
        chapter_id: 'c1',
        association_ids: ['aragorn'],
      },
    ]);
  });

  it('takes the time a chapter follows, and a birthday within the chapter', () => {
    expect(warningsFor('87 years', [at({ year: 3019, month: 2, day: 27 }), undefined])).toEqual([]);
    expect(
      warningsFor('88', [at({ year: 3019, month: 2, day: 27 }, { end: on(2) })]).map(
        (warning) => warning.kind,
      ),
    ).toEqual([]);
  });

  it('does not judge an age that is no number, nor in a chapter with no time', () => {
    expect(warningsFor('ageless', [at(on(10))])).toEqual([]);
    expect(warningsFor('12', [undefined])).toEqual([]);
  });
});
