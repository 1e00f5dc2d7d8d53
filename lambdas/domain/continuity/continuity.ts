import type { ContinuityWarning } from '../../../shared/schemas/continuity';
import { readStoryAssociations } from '../associations/story-associations';
import { standingFactsByChapter } from '../associations/facts';
import { requirePremium } from '../billing/premium';
import type { Repositories } from '../repositories';
import { readSearchableStoryText } from '../story-bible/story-text';
import { afterDeathWarnings } from './after-death';

const CONTINUITY_PREMIUM_MESSAGE = 'Continuity checks come with a subscription.';

/**
 * GET /api/stories/{storyId}/continuity (issue 25 §4, premium): the deterministic checks over the story's text
 * (the bible's text cache and matcher) and its facts, in chapter order.
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
  const [associations, chapters] = await Promise.all([
    readStoryAssociations(repositories.associations, story),
    readSearchableStoryText(repositories, storyId),
  ]);
  const standing = await standingFactsByChapter(
    repositories,
    userId,
    story,
    associations,
    chapters.map((chapter) => chapter.chapter_id),
  );
  return afterDeathWarnings(
    chapters,
    associations.map(({ record }) => record),
    standing,
  );
}
