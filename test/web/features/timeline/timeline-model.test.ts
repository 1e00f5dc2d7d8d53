import { describe, expect, it } from 'vitest';
import { storyDateSpan } from '../../../../shared/story-calendar';
import {
  chaptersInOrder,
  draggedChapterTime,
  placeChapters,
  storyTimeTicks,
  visibleLanes,
} from '../../../../web/src/features/timeline/timeline-model';
import { buildTimeline, buildTimelineChapter, GREGORIAN, SHORT_CALENDAR } from './timeline-fixtures';

describe('the timeline model', () => {
  it('marks a chapter out of the reading sequence when flagged a flashback or starting before the one read before it', () => {
    // Arrange
    const chapters = [
      buildTimelineChapter(1, 'One', { start: { year: 5, month: 1, day: 5 }, time_set: true }),
      buildTimelineChapter(2, 'Two', { start: { year: 5, month: 1, day: 2 }, time_set: true }),
      buildTimelineChapter(3, 'Three', { start: { year: 5, month: 1, day: 2 } }),
      buildTimelineChapter(4, 'Four', {
        start: { year: 5, month: 2, day: 1 },
        time_set: true,
        flashback: true,
      }),
    ];

    // Act
    const placed = placeChapters(SHORT_CALENDAR, chapters);

    // Assert
    expect(placed.map((chapter) => [chapter.title, chapter.outOfSequence])).toEqual([
      ['One', false],
      ['Two', true],
      ['Three', false],
      ['Four', true],
    ]);
  });

  it('orders the chapters by story time (undated first) or by reading order', () => {
    // Arrange
    const placed = placeChapters(GREGORIAN, [
      buildTimelineChapter(1, 'Undated'),
      ...buildTimeline().chapters.map((chapter) => ({
        ...chapter,
        reading_order: chapter.reading_order + 1,
      })),
    ]);

    // Act
    const inStoryTime = chaptersInOrder(placed, 'story').map((chapter) => chapter.title);
    const inReadingOrder = chaptersInOrder(placed, 'reading').map((chapter) => chapter.title);

    // Assert
    expect(inStoryTime).toEqual(['Undated', 'Childhood', 'Departure', 'The Well']);
    expect(inReadingOrder).toEqual(['Undated', 'Departure', 'The Well', 'Childhood']);
  });

  it('keeps the lanes of the kinds shown, or only the associations picked whatever their kind', () => {
    const { lanes } = buildTimeline();

    expect(visibleLanes(lanes, { types: new Set(['place']), picked: [] }).map((lane) => lane.name)).toEqual([
      'Eastwatch',
    ]);
    expect(visibleLanes(lanes, { types: new Set(), picked: ['a1'] }).map((lane) => lane.name)).toEqual([
      'Mara',
    ]);
  });

  it('moves a dragged chapter to the nearest day, keeping its hour, its flashback mark and its length', () => {
    // Arrange: 9 Frostmoon 5, 06:30 to 2 Thawmoon 5, dropped a little after midnight of 3 Thawmoon 5.
    const chapter = buildTimelineChapter(1, 'Night watch', {
      start: { year: 5, month: 1, day: 9, hour: 6, minute: 30 },
      end: { year: 5, month: 2, day: 2 },
      time_set: true,
      flashback: true,
    });
    const dropped = storyDateSpan(SHORT_CALENDAR, { year: 5, month: 2, day: 3 }).first + 5 * 60;

    // Act
    const request = draggedChapterTime(SHORT_CALENDAR, chapter, dropped);

    // Assert: four days later, across the month's end.
    expect(request).toEqual({
      start: { year: 5, month: 2, day: 3, hour: 6, minute: 30 },
      end: { year: 5, month: 2, day: 6 },
      flashback: true,
    });
  });

  it('gives a dragged chapter that followed another a start of its own and nothing else', () => {
    const chapter = buildTimelineChapter(2, 'The Well', { start: { year: -1, month: 10, day: 10 } });
    const minute = storyDateSpan(SHORT_CALENDAR, { year: -1, month: 2, day: 10 }).first + 13 * 60;

    expect(draggedChapterTime(SHORT_CALENDAR, chapter, minute)).toEqual({
      start: { year: 1, month: 1, day: 1 },
    });
  });

  it('puts the ticks of a span of years on the first day of months', () => {
    const domain = {
      min: storyDateSpan(GREGORIAN, { year: 1018, month: 1, day: 20 }).first,
      max: storyDateSpan(GREGORIAN, { year: 1019, month: 1, day: 10 }).first,
    };

    const ticks = storyTimeTicks(GREGORIAN, domain, 5);

    expect(ticks).toEqual(
      [
        ...[3, 5, 7, 9, 11].map((month) => ({ year: 1018, month, day: 1 })),
        { year: 1019, month: 1, day: 1 },
      ].map((date) => storyDateSpan(GREGORIAN, date).first),
    );
  });
});
