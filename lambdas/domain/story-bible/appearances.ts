import { findAppearances } from '../../../shared/association-appearances';
import type { AssociationAppearances } from '../../../shared/schemas/story-bible';
import { NotFoundError } from '../../errors';
import { readStoryAssociations } from '../associations/story-associations';
import type { Repositories } from '../repositories';
import { readSearchableStoryText } from './story-text';

/**
 * GET .../associations/{associationId}/appearances: the chapters mentioning the association, counted by the
 * matcher compiled from all the story's associations, exactly as the editor highlights them.
 */
export async function getAppearances(
  repositories: Repositories,
  scope: { userId: string; storyId: string },
  associationId: string,
): Promise<AssociationAppearances> {
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const [scoped, chapters] = await Promise.all([
    readStoryAssociations(repositories.associations, story),
    readSearchableStoryText(repositories, scope.storyId),
  ]);
  const associations = scoped.map(({ record }) => record);
  if (!associations.some((association) => association.association_id === associationId)) {
    throw new NotFoundError('No such association.');
  }
  return findAppearances(chapters, associations, associationId);
}
