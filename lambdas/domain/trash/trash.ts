import { withoutChapter } from '../../../shared/outline';
import { TRASH_RETENTION_DAYS, type TrashList } from '../../../shared/schemas/trash';
import {
  MAX_CHAPTERS_PER_STORY,
  MAX_STORIES_PER_SERIES,
  ONLY_CHAPTER_MESSAGE,
  TOO_MANY_CHAPTERS_MESSAGE,
} from '../../../shared/validation';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import { purgeChapterContent } from '../chapters/manage-chapters';
import { retryOnConcurrentChange } from '../concurrency';
import { seriesChangedByMove } from '../series/series-membership';
import { deleteStoryContentSoon, purgeStoryContent } from '../stories/delete-story';
import type { DuePurge, TrashedChapter } from './trash-repository';

/** The ports these operations use. */
export type TrashPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'queue' | 'logger' | 'now'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = TRASH_RETENTION_DAYS * DAY_MS;

const purgeAt = (deletedAt: string) => new Date(Date.parse(deletedAt) + RETENTION_MS).toISOString();
const dayOf = (time: Date) => time.toISOString().slice(0, 10);
const nextDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
const previousDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));

/**
 * DELETE /api/stories/{id}: the story leaves the author's lists (its item goes, with its place in its series)
 * and enters the trash in the same transaction. Everything in it stays where it is, out of reach: every read
 * and write of a story starts from its item. The purge removes it after TRASH_RETENTION_DAYS.
 */
export async function trashStory(ports: TrashPorts, userId: string, storyId: string): Promise<void> {
  const { repositories } = ports;
  const { stories: storyRepository, series: seriesRepository } = repositories;
  await retryOnConcurrentChange(async () => {
    const story = await storyRepository.requireOwned(userId, storyId);
    const series = story.series_id ? await seriesRepository.get(userId, story.series_id) : undefined;
    const now = ports.now();
    await repositories.commit([
      storyRepository.deleteItem(userId, storyId, story.series_id),
      ...seriesChangedByMove(storyId, series, undefined, undefined).map((changed) =>
        seriesRepository.saveItem(userId, changed, now),
      ),
      ...repositories.trash.putStoryItems({ user_id: userId, story, deleted_at: now.toISOString() }),
    ]);
  });
}

/**
 * DELETE /api/stories/{storyId}/chapter/{chapterId}: never the story's only chapter (409). The chapter item, its
 * index entry and its place in the outline go, and the chapter enters the trash, in one transaction; its
 * paragraphs stay, which no write can reach without the chapter item.
 */
export async function trashChapter(
  ports: TrashPorts,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<void> {
  const { repositories } = ports;
  const { stories: storyRepository, chapters: chapterRepository } = repositories;
  await retryOnConcurrentChange(async () => {
    await storyRepository.requireOwned(userId, storyId);
    const [{ chapters, index }, outline] = await Promise.all([
      chapterRepository.listWithIndex(storyId),
      repositories.outlines.get(storyId),
    ]);
    const chapter = chapters.find((candidate) => candidate.chapter_id === chapterId);
    if (!chapter) throw new NotFoundError('No such chapter.');
    if (chapters.length <= 1) throw new ConflictError(ONLY_CHAPTER_MESSAGE, 'only_chapter');
    const now = ports.now();
    const outlineSections = withoutChapter(outline.sections, chapterId);
    await repositories.commit([
      ...chapterRepository.removeItems(storyId, index, chapterId),
      ...(outlineSections ? [repositories.outlines.saveItem(storyId, outline, outlineSections, now)] : []),
      ...repositories.trash.putChapterItems({
        user_id: userId,
        chapter,
        place: index.chapter_ids.indexOf(chapterId) + 1,
        deleted_at: now.toISOString(),
      }),
    ]);
  });
}

/**
 * GET /api/trash: the author's trashed stories, and the trashed chapters of stories still in their lists (a
 * chapter of a trashed story comes back with its story, or not at all). Newest first.
 */
export async function listTrash(ports: TrashPorts, userId: string): Promise<TrashList> {
  const { repositories } = ports;
  const trashed = await repositories.trash.list(userId);
  const storyIds = [...new Set(trashed.chapters.map((entry) => entry.chapter.story_id))];
  const liveStories = new Map(
    (await repositories.stories.getOwned(userId, storyIds)).map((story) => [story.story_id, story]),
  );
  return {
    stories: trashed.stories
      .map((entry) => ({
        story_id: entry.story.story_id,
        title: entry.story.title,
        deleted_at: entry.deleted_at,
        purge_at: purgeAt(entry.deleted_at),
      }))
      .reverse(),
    chapters: trashed.chapters
      .flatMap((entry) => {
        const story = liveStories.get(entry.chapter.story_id);
        return story
          ? [
              {
                story_id: story.story_id,
                story_title: story.title,
                chapter_id: entry.chapter.chapter_id,
                title: entry.chapter.title,
                deleted_at: entry.deleted_at,
                purge_at: purgeAt(entry.deleted_at),
              },
            ]
          : [];
      })
      .reverse(),
  };
}

/**
 * POST /api/trash/stories/{storyId}/restore: the story is back in the author's lists, with everything in it. It
 * goes back to the end of its series, or stands alone if that series was deleted (or filled) meanwhile.
 */
export async function restoreStory(ports: TrashPorts, userId: string, storyId: string): Promise<void> {
  const { repositories } = ports;
  await retryOnConcurrentChange(async () => {
    const trashed = await repositories.trash.getStory(userId, storyId);
    if (!trashed) throw new NotFoundError('No such story in the trash.');
    const { series_id: formerSeriesId, ...story } = trashed.story;
    const formerSeries = formerSeriesId ? await repositories.series.get(userId, formerSeriesId) : undefined;
    const series =
      formerSeries && formerSeries.story_ids.length < MAX_STORIES_PER_SERIES ? formerSeries : undefined;
    const now = ports.now();
    await repositories.commit([
      repositories.stories.createItem(userId, {
        ...story,
        ...(series ? { series_id: series.series_id } : {}),
        updated_at: now.toISOString(),
      }),
      ...seriesChangedByMove(storyId, undefined, series, undefined).map((changed) =>
        repositories.series.saveItem(userId, changed, now),
      ),
      ...repositories.trash.removeStoryItems(trashed),
    ]);
  });
}

/**
 * POST /api/trash/stories/{storyId}/chapters/{chapterId}/restore: the chapter is back at its old place (the end,
 * if the story has fewer chapters now), with its paragraphs. Its story must be in the author's lists (404).
 */
export async function restoreChapter(
  ports: TrashPorts,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<void> {
  const { repositories } = ports;
  await retryOnConcurrentChange(async () => {
    await repositories.stories.requireOwned(userId, storyId);
    const trashed = await repositories.trash.getChapter(userId, storyId, chapterId);
    if (!trashed) throw new NotFoundError('No such chapter in the trash.');
    const { index } = await repositories.chapters.listWithIndex(storyId);
    if (index.chapter_ids.length >= MAX_CHAPTERS_PER_STORY)
      throw new ValidationError(TOO_MANY_CHAPTERS_MESSAGE);
    const chapterIds = [...index.chapter_ids];
    chapterIds.splice(Math.min(trashed.place - 1, chapterIds.length), 0, chapterId);
    await repositories.commit([
      repositories.chapters.createItem(userId, { ...trashed.chapter, updated_at: ports.now().toISOString() }),
      repositories.chapters.saveIndexItem(storyId, index, chapterIds),
      ...repositories.trash.removeChapterItems(trashed),
    ]);
  });
}

/** A trashed chapter for good: its content through the chapter deletion's own path, then its trash entry. */
async function purgeChapter(ports: TrashPorts, trashed: TrashedChapter): Promise<void> {
  await purgeChapterContent(ports, trashed.chapter.story_id, trashed.chapter.chapter_id);
  await ports.repositories.commit(ports.repositories.trash.removeChapterItems(trashed));
}

/**
 * A trashed story for good: its trashed chapters first (their content is not under the story), then its entry,
 * then the story deletion's own cascade (the story-deletion worker), as a deleted story always had.
 */
async function purgeStory(ports: TrashPorts, userId: string, storyId: string): Promise<boolean> {
  const { trash } = ports.repositories;
  const trashed = await trash.getStory(userId, storyId);
  if (!trashed) return false;
  for (const chapter of await trash.listChapters(userId, storyId)) await purgeChapter(ports, chapter);
  await ports.repositories.commit(trash.removeStoryItems(trashed));
  await deleteStoryContentSoon(ports, storyId);
  return true;
}

/**
 * Everything in one author's trash, now rather than after the retention period (a deleted account): each
 * trashed chapter, then each trashed story's content, before its entry goes, so a retry finds what is left.
 */
export async function purgeTrashOf(ports: TrashPorts, userId: string): Promise<void> {
  const { trash } = ports.repositories;
  const trashed = await trash.list(userId);
  for (const chapter of trashed.chapters) await purgeChapter(ports, chapter);
  for (const entry of trashed.stories) {
    await purgeStoryContent(ports, entry.story.story_id);
    await ports.repositories.commit(trash.removeStoryItems(entry));
  }
}

async function purgeEntry(ports: TrashPorts, due: DuePurge): Promise<boolean> {
  if (due.kind === 'story') return purgeStory(ports, due.user_id, due.story_id);
  const trashed = await ports.repositories.trash.getChapter(due.user_id, due.story_id, due.chapter_id);
  if (!trashed) return false;
  await purgeChapter(ports, trashed);
  return true;
}

/**
 * The daily purge: everything deleted more than TRASH_RETENTION_DAYS ago. It reads the days filed since the last
 * day it finished (the first run looks back another retention period), so a missed run is caught up by the next;
 * an entry restored meanwhile is simply no longer there. Idempotent.
 */
export async function purgeDueTrash(ports: TrashPorts): Promise<{ purged: number }> {
  const { trash } = ports.repositories;
  const cutoff = new Date(ports.now().getTime() - RETENTION_MS);
  const lastDay = dayOf(cutoff);
  const purgedThrough = await trash.purgedThrough();
  let purged = 0;
  let day = purgedThrough ? nextDay(purgedThrough) : dayOf(new Date(cutoff.getTime() - RETENTION_MS));
  for (; day <= lastDay; day = nextDay(day)) {
    for (const due of await trash.listDeletedOn(day)) {
      if (Date.parse(due.deleted_at) > cutoff.getTime()) continue;
      if (await purgeEntry(ports, due)) purged += 1;
    }
  }
  // The cut-off's own day is only partly due: the next run reads it again.
  const finished = previousDay(lastDay);
  if (!purgedThrough || finished > purgedThrough) await trash.setPurgedThrough(finished);
  return { purged };
}
