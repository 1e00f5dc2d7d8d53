import { tallyMentions } from '../../../shared/association-appearances';
import type { AssociationType } from '../../../shared/schemas/associations';
import type {
  StoryCalendar,
  Timeline,
  TimelineChapter,
  TimelineLane,
} from '../../../shared/schemas/story-time';
import { readStoryAssociations, type ScopedAssociation } from '../associations/story-associations';
import type { Repositories } from '../repositories';
import type { StoryRecord } from '../stories/story-repository';
import { readSearchableStoryTextWithTimes, type TimedChapterText } from '../story-bible/story-text';
import { GREGORIAN_CALENDAR } from '../../../shared/story-calendar';
import { placeInStoryTime } from './chapter-times';
import { readCalendarHome, toStoryCalendar } from './story-calendar';

/**
 * Issue 25 §1: the timeline builds itself from what the story already holds — its chapters' story times and,
 * for every association, the mentions the Story Bible counts (the same matcher, the same text cache).
 */

interface Volume {
  story: StoryRecord;
  /** 1-based place in its series; 1 for a story alone. */
  place: number;
  texts: TimedChapterText[];
  associations: ScopedAssociation[];
}

async function readVolume(repositories: Repositories, story: StoryRecord, place: number): Promise<Volume> {
  const [texts, associations] = await Promise.all([
    readSearchableStoryTextWithTimes(repositories, story.story_id),
    readStoryAssociations(repositories.associations, story),
  ]);
  return { story, place, texts, associations };
}

/** Characters first, then places (the lanes an author follows most), then events and items. */
const LANE_ORDER: readonly AssociationType[] = ['character', 'place', 'event', 'item'];

function lanesOf(volumes: readonly Volume[]): TimelineLane[] {
  const lanes = new Map<string, TimelineLane & { total: number }>();
  for (const volume of volumes) {
    const records = volume.associations.map(({ record }) => record);
    const byId = new Map(records.map((record) => [record.association_id, record]));
    for (const tally of tallyMentions(volume.texts, records)) {
      const record = byId.get(tally.association_id)!;
      const lane = lanes.get(tally.association_id) ?? {
        association_id: tally.association_id,
        name: record.association_name,
        type: record.association_type,
        appearances: [],
        total: 0,
      };
      for (const text of volume.texts) {
        const count = tally.by_chapter[text.chapter_id];
        if (count) lane.appearances.push({ chapter_id: text.chapter_id, count });
      }
      lane.total += tally.total;
      lanes.set(tally.association_id, lane);
    }
  }
  return [...lanes.values()]
    .sort(
      (left, right) =>
        LANE_ORDER.indexOf(left.type) - LANE_ORDER.indexOf(right.type) ||
        right.total - left.total ||
        left.name.localeCompare(right.name),
    )
    .map(({ total: _total, ...lane }) => lane);
}

function buildTimeline(calendar: StoryCalendar, volumes: readonly Volume[]): Timeline {
  const inReadingOrder = volumes.flatMap((volume) => volume.texts.map((text) => ({ volume, text })));
  const times = placeInStoryTime(
    calendar,
    inReadingOrder.map(({ text }) => text.time),
  );
  const chapters = inReadingOrder.map(({ volume, text }, position) => {
    const { span, ...time } = times[position]!;
    const chapter: TimelineChapter = {
      chapter_id: text.chapter_id,
      story_id: volume.story.story_id,
      title: text.title,
      place: text.place,
      volume: volume.place,
      reading_order: position + 1,
      ...time,
    };
    return { chapter, first: span?.first };
  });
  // Undated chapters first, in reading order; then by when they start, reading order breaking ties.
  chapters.sort(
    (left, right) =>
      (left.first ?? -Infinity) - (right.first ?? -Infinity) ||
      left.chapter.reading_order - right.chapter.reading_order,
  );
  return { calendar, chapters: chapters.map(({ chapter }) => chapter), lanes: lanesOf(volumes) };
}

/** GET /api/stories/{storyId}/timeline: the story's chapters in story time, with its associations' lanes. */
export async function readStoryTimeline(
  repositories: Repositories,
  { userId, storyId }: { userId: string; storyId: string },
): Promise<Timeline> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  const home = await readCalendarHome(repositories, userId, story);
  const place = home.series ? home.series.story_ids.indexOf(storyId) + 1 || 1 : 1;
  return buildTimeline(toStoryCalendar(home), [await readVolume(repositories, story, place)]);
}

/** GET /api/series/{seriesId}/timeline: every volume's chapters on one time axis, in the series' calendar. */
export async function readSeriesTimeline(
  repositories: Repositories,
  { userId, seriesId }: { userId: string; seriesId: string },
): Promise<Timeline> {
  const series = await repositories.series.requireOwned(userId, seriesId);
  const stories = new Map(
    (await repositories.stories.getOwned(userId, series.story_ids)).map((story) => [story.story_id, story]),
  );
  const volumes = await Promise.all(
    series.story_ids.flatMap((storyId, index) => {
      const story = stories.get(storyId);
      return story ? [readVolume(repositories, story, index + 1)] : [];
    }),
  );
  return buildTimeline(toStoryCalendar({ rules: series.calendar ?? GREGORIAN_CALENDAR, series }), volumes);
}
