import { findAppearances } from '../../../shared/association-appearances';
import type { AssociationAppearances } from '../../../shared/schemas/story-bible';
import { NotFoundError } from '../../errors';
import type { Repositories } from '../repositories';
import { readStoryText } from './story-text';

/**
 * GET .../associations/{associationId}/appearances: the chapters mentioning the association, counted by the
 * matcher compiled from all the story's associations, exactly as the editor highlights them.
 */
export async function getAppearances(
  repositories: Repositories,
  scope: { userId: string; storyId: string },
  associationId: string,
): Promise<AssociationAppearances> {
  await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const [associations, chapters] = await Promise.all([
    repositories.associations.list(scope.storyId),
    readStoryText(repositories, scope.storyId),
  ]);
  if (!associations.some((association) => association.association_id === associationId)) {
    throw new NotFoundError('No such association.');
  }
  return findAppearances(chapters, associations, associationId);
}
