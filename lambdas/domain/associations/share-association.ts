import type { Association } from '../../../shared/schemas/associations';
import { hasPremiumAccess } from '../../../shared/subscription';
import {
  FREE_ASSOCIATION_LIMIT,
  FREE_ASSOCIATION_LIMIT_MESSAGE,
  MAX_SHARED_ASSOCIATIONS_PER_SERIES,
  NOT_IN_SERIES_MESSAGE,
  TOO_MANY_SHARED_ASSOCIATIONS_MESSAGE,
} from '../../../shared/validation';
import { NotFoundError, SubscriptionRequiredError, ValidationError } from '../../errors';
import { retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { Write } from '../unit-of-work';
import type { SeriesRecord } from '../series/series-repository';
import type { StoryRecord } from '../stories/story-repository';
import { type AssociationPorts, type StoryScope, toAssociation } from './associations';

/** The caller's story and the series it is a volume of; 400 for a standalone story. */
async function requireVolume(
  repositories: Repositories,
  scope: StoryScope,
): Promise<{ story: StoryRecord; series: SeriesRecord }> {
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  if (!story.series_id) throw new ValidationError(NOT_IN_SERIES_MESSAGE);
  return { story, series: await repositories.series.requireOwned(scope.userId, story.series_id) };
}

/**
 * The free limit for the other volumes: each of them will see one more association. Their counts are read,
 * and the commit holds only while none has grown past what was allowed.
 */
async function limitChecks(
  repositories: Repositories,
  series: SeriesRecord,
  sharingStoryId: string,
  sharedCount: number,
): Promise<Write[]> {
  const others = series.story_ids.filter((storyId) => storyId !== sharingStoryId);
  const most = FREE_ASSOCIATION_LIMIT - sharedCount - 1;
  const counts = await repositories.associations.ownCounts(others);
  if ([...counts.values()].some((count) => count > most)) {
    throw new SubscriptionRequiredError(FREE_ASSOCIATION_LIMIT_MESSAGE);
  }
  return others.map((storyId) => repositories.associations.ownCountAtMostCondition(storyId, most));
}

/**
 * POST .../associations/{associationId}/share (issue 13 §4): the story's own association moves to its series,
 * seen, highlighted and editable in every volume. One transaction moves it and writes the series item (whose
 * version every change of membership checks), so a story cannot leave the series half-way through. Sharing one
 * already shared answers it as it is.
 */
export async function shareAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
): Promise<Association> {
  const { repositories } = ports;
  return retryOnConcurrentChange(async () => {
    const { story, series } = await requireVolume(repositories, scope);
    const own = await repositories.associations.get({ storyId: story.story_id }, associationId);
    if (!own) {
      const shared = await repositories.associations.get({ seriesId: series.series_id }, associationId);
      if (!shared) throw new NotFoundError('No such association.');
      return toAssociation(shared, 'series');
    }
    const sharedCount = (await repositories.associations.listShared(series.series_id)).length;
    if (sharedCount >= MAX_SHARED_ASSOCIATIONS_PER_SERIES) {
      throw new ValidationError(TOO_MANY_SHARED_ASSOCIATIONS_MESSAGE);
    }
    const now = ports.now();
    const premium = hasPremiumAccess(await repositories.users.get(scope.userId), now);
    await repositories.commit([
      ...repositories.associations.shareItems(story.story_id, series.series_id, own),
      repositories.series.saveItem(scope.userId, series, now),
      ...(premium ? [] : await limitChecks(repositories, series, story.story_id, sharedCount)),
    ]);
    return toAssociation(own, 'series');
  });
}

/**
 * POST .../associations/{associationId}/unshare: the shared association becomes this story's own again (the
 * other volumes no longer see it). Unsharing one that is already the story's own answers it as it is.
 */
export async function unshareAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
): Promise<Association> {
  const { repositories } = ports;
  return retryOnConcurrentChange(async () => {
    const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
    const own = await repositories.associations.get({ storyId: story.story_id }, associationId);
    if (own) return toAssociation(own, 'story');
    const { series } = await requireVolume(repositories, scope);
    const shared = await repositories.associations.get({ seriesId: series.series_id }, associationId);
    if (!shared) throw new NotFoundError('No such association.');
    await repositories.commit([
      ...repositories.associations.unshareItems(series.series_id, story.story_id, shared),
      repositories.series.saveItem(scope.userId, series, ports.now()),
    ]);
    return toAssociation(shared, 'story');
  });
}

/**
 * Issue 13 §4: the writes that give each story leaving the series its own copy of every association the series
 * shares, for the transaction that moves it out, so nothing it highlighted disappears. A copy keeps the
 * association's id, so the mentions saved in the story's text still name it. Reads the shared list and, per
 * leaving story, its own (an id it already holds is not copied again).
 */
export async function copiesForStoriesLeaving(
  repositories: Repositories,
  seriesId: string,
  storyIds: readonly string[],
): Promise<Write[]> {
  if (storyIds.length === 0) return [];
  const shared = await repositories.associations.listShared(seriesId);
  if (shared.length === 0) return [];
  const copies = await Promise.all(
    storyIds.map(async (storyId) => {
      const ownIds = new Set(
        (await repositories.associations.list(storyId)).map((record) => record.association_id),
      );
      const missing = shared.filter((record) => !ownIds.has(record.association_id));
      return repositories.associations.copyIntoStoryItems(storyId, missing);
    }),
  );
  return copies.flat();
}
