import { randomUUID } from 'node:crypto';
import { MAX_STORIES_PER_SERIES, TOO_MANY_STORIES_IN_SERIES_MESSAGE } from '../../../shared/validation';
import { ValidationError } from '../../errors';
import { applyPlacements } from '../../../shared/ordering';
import type { Write } from '../unit-of-work';
import type { SeriesRecord, SeriesRepository } from './series-repository';

/** Where a story form asks the story to be: in a series named by id or by title, or standalone. */
export type SeriesChoice =
  | { kind: 'standalone' }
  | { kind: 'series'; seriesId?: string; seriesTitle?: string; place?: number }
  /** Story edits that leave the series fields out; a place alone still moves the story within its series. */
  | { kind: 'unchanged'; place?: number };

const sameTitle = (first: string, second: string) =>
  first.trim().localeCompare(second.trim(), undefined, { sensitivity: 'accent' }) === 0;

/**
 * The series a choice names: by id (404 when not the caller's), else the caller's series of that title
 * (letter case aside), else a new series of that title, not yet stored (version 0).
 */
export async function resolveSeriesChoice(
  seriesRepository: SeriesRepository,
  userId: string,
  choice: Extract<SeriesChoice, { kind: 'series' }>,
  now: Date,
): Promise<SeriesRecord> {
  if (choice.seriesId) return seriesRepository.requireOwned(userId, choice.seriesId);
  const title = choice.seriesTitle!.trim();
  const existing = (await seriesRepository.listOwned(userId)).find((series) =>
    sameTitle(series.series_title, title),
  );
  return (
    existing ?? {
      series_id: randomUUID(),
      series_title: title,
      series_description: '',
      image_url: '',
      story_ids: [],
      version: 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    }
  );
}

/**
 * The series items a story's move changes: it leaves `from` and joins `to` at the 1-based `place` (the end
 * when absent), or moves within one series. Unchanged series are left out so they are not rewritten.
 */
export function seriesChangedByMove(
  storyId: string,
  from: SeriesRecord | undefined,
  to: SeriesRecord | undefined,
  place: number | undefined,
): SeriesRecord[] {
  const placement = { id: storyId, index: (place ?? Number.MAX_SAFE_INTEGER) - 1 };
  if (from && to && from.series_id === to.series_id) {
    if (place === undefined) return [];
    const storyIds = applyPlacements(from.story_ids, [placement]);
    return storyIds.join() === from.story_ids.join() ? [] : [{ ...from, story_ids: storyIds }];
  }
  const changed: SeriesRecord[] = [];
  if (from) changed.push({ ...from, story_ids: from.story_ids.filter((id) => id !== storyId) });
  if (to) {
    const storyIds = applyPlacements(to.story_ids, [placement]);
    if (storyIds.length > MAX_STORIES_PER_SERIES)
      throw new ValidationError(TOO_MANY_STORIES_IN_SERIES_MESSAGE);
    changed.push({ ...to, story_ids: storyIds });
  }
  return changed;
}

/**
 * A new story's place as the author chose it: standalone, or a volume of a series (found or made by title) at
 * its place. The series writes go in the transaction creating the story; `joined` is the series as they save it.
 */
export async function placeNewStory(
  seriesRepository: SeriesRepository,
  userId: string,
  storyId: string,
  choice: SeriesChoice,
  now: Date,
): Promise<{ seriesId?: string; seriesWrites: Write[]; joined?: SeriesRecord }> {
  if (choice.kind !== 'series') return { seriesWrites: [] };
  const series = await resolveSeriesChoice(seriesRepository, userId, choice, now);
  const changed = seriesChangedByMove(storyId, undefined, series, choice.place);
  return {
    seriesId: series.series_id,
    seriesWrites: changed.map((item) => seriesRepository.saveItem(userId, item, now)),
    joined: changed.find((item) => item.series_id === series.series_id),
  };
}
