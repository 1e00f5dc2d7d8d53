import type { StoryProgress, UserProgress } from '../../../shared/schemas/progress';
import { countParagraphWords } from '../../../shared/word-count';
import { addDays, recentDays, wordsPerDayNeeded, writingStreak } from '../../../shared/writing-progress';
import { NotFoundError } from '../../errors';
import type { DomainPorts } from '../ports';
import { readStoryText } from '../story-bible/story-text';
import { authorTimeZone, timeZoneOf, writingDay } from './words-written';

/** The ports these operations use. */
export type ProgressPorts = Pick<DomainPorts, 'repositories' | 'now'>;

/**
 * The days read for the streak beyond those answered: a streak longer than a year reads as a year, which
 * keeps the answer one bounded Query.
 */
const STREAK_LOOKBACK_DAYS = 366;

/** A stored day can hold a negative total (deleting more than was written that day): it counts as 0. */
function clampedDays(stored: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(stored).map(([date, words]) => [date, Math.max(0, words)]));
}

/**
 * GET /api/user/progress?days=N: the last N days of the author's words in their zone, today last, with the
 * streak. One GetItem (the profile) and one Query of at most a year of day items.
 */
export async function getUserProgress(
  ports: ProgressPorts,
  userId: string,
  days: number,
): Promise<UserProgress> {
  const { repositories } = ports;
  const user = await repositories.users.get(userId);
  if (!user) throw new NotFoundError('No such author.');
  const today = writingDay(ports.now(), timeZoneOf(user));
  const from = addDays(today, -(Math.max(days, STREAK_LOOKBACK_DAYS) - 1));
  const recorded = clampedDays(await repositories.dailyWords.listDays(userId, from, today));
  const dailyGoal = user.daily_goal ?? null;
  return {
    daily_goal: dailyGoal,
    streak: writingStreak(recorded, dailyGoal, today),
    today,
    days: recentDays(recorded, today, days),
  };
}

/**
 * GET /api/stories/{id}/progress: the story's words (from the stored paragraphs, with the rule the editor
 * counts by), its goal and the words a day it needs. Reads the story, its settings, the author's profile, the
 * chapters and every ready chapter's paragraphs (a Query each).
 */
export async function getStoryProgress(
  ports: ProgressPorts,
  userId: string,
  storyId: string,
): Promise<StoryProgress> {
  const { repositories } = ports;
  await repositories.stories.requireOwned(userId, storyId);
  const [settings, timeZone, texts] = await Promise.all([
    repositories.settings.get(storyId),
    authorTimeZone(repositories, userId),
    readStoryText(repositories, storyId),
  ]);
  const chapters = texts.map((text) => ({
    chapter_id: text.chapter_id,
    title: text.title,
    words: text.paragraphs.reduce((total, { paragraph }) => total + countParagraphWords(paragraph), 0),
  }));
  const words = chapters.reduce((total, chapter) => total + chapter.words, 0);
  const targetWords = settings?.target_words ?? null;
  const deadline = settings?.deadline ?? null;
  return {
    words,
    target_words: targetWords,
    deadline,
    words_per_day_needed: wordsPerDayNeeded(words, targetWords, deadline, writingDay(ports.now(), timeZone)),
    chapters,
  };
}
