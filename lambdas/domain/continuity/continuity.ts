import type { ContinuityWarning } from '../../../shared/schemas/continuity';
import { readStoryAssociations } from '../associations/story-associations';
import { standingFactsByChapter } from '../associations/facts';
import { requirePremium } from '../billing/premium';
import type { Repositories } from '../repositories';
import { readSearchableStoryTextWithTimes } from '../story-bible/story-text';
import { placeInStoryTime } from '../story-time/chapter-times';
import { readCalendarHome } from '../story-time/story-calendar';
import { afterDeathWarnings } from './after-death';
import { ageMismatchWarnings } from './age-mismatch';
import { timeOrderWarnings } from './time-order';
import { twoPlacesWarnings } from './two-places';

const CONTINUITY_PREMIUM_MESSAGE = 'Continuity checks come with a subscription.';

/**
 * GET /api/stories/{storyId}/continuity (issue 25 §4, premium): the deterministic checks over the story's text
 * (the bible's text cache and matcher), its facts and its chapters' story times, in chapter order.
 */
export async function checkContinuity(
  repositories: Repositories,
  { userId, storyId, now }: { userId: string; storyId: string; now: Date },
): Promise<ContinuityWarning[]> {
  const [story, user] = await Promise.all([
    repositories.stories.requireOwned(userId, storyId),
    repositories.users.get(userId),
  ]);
  requirePremium(user, now, CONTINUITY_PREMIUM_MESSAGE);
  const [associations, chapters, calendar] = await Promise.all([
    readStoryAssociations(repositories.associations, story),
    readSearchableStoryTextWithTimes(repositories, storyId),
    readCalendarHome(repositories, userId, story),
  ]);
  const records = associations.map(({ record }) => record);
  const standing = await standingFactsByChapter(
    repositories,
    userId,
    story,
    associations,
    chapters.map((chapter) => chapter.chapter_id),
  );
  const placed = placeInStoryTime(
    calendar.rules,
    chapters.map((chapter) => chapter.time),
  );
  const warnings = [
    ...afterDeathWarnings(chapters, records, standing),
    ...twoPlacesWarnings(calendar.rules, chapters, records),
    ...timeOrderWarnings(calendar.rules, chapters),
    ...ageMismatchWarnings(
      calendar.rules,
      chapters.map((chapter, position) => ({ chapter_id: chapter.chapter_id, placed: placed[position]! })),
      records,
      standing,
    ),
  ];
  const order = new Map(chapters.map((chapter, position) => [chapter.chapter_id, position]));
  // Stable: within a chapter, the checks keep the order above and each check its own.
  return warnings.sort((left, right) => order.get(left.chapter_id)! - order.get(right.chapter_id)!);
}
