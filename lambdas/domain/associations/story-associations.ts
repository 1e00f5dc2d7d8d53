import type { AssociationScope } from '../../../shared/schemas/associations';
import { NotFoundError } from '../../errors';
import type { StoryRecord } from '../stories/story-repository';
import type { AssociationHome, AssociationRecord, AssociationRepository } from './association-repository';

/** An association as one story sees it: where it is kept, and whether it is the story's own or shared. */
export interface ScopedAssociation {
  record: AssociationRecord;
  home: AssociationHome;
  scope: AssociationScope;
}

/**
 * Every association a story sees (issue 13 §4): its own and, for a volume, its series' shared ones — two
 * Queries, side by side. Oldest first across both, since the matcher breaks ties between equal names by age;
 * an id held both ways (a copy kept on leaving the series, which the story then rejoined) is the story's own.
 */
export async function readStoryAssociations(
  repository: AssociationRepository,
  story: StoryRecord,
): Promise<ScopedAssociation[]> {
  const seriesId = story.series_id;
  const [own, shared] = await Promise.all([
    repository.list(story.story_id),
    seriesId ? repository.listShared(seriesId) : Promise.resolve([]),
  ]);
  const ownIds = new Set(own.map((record) => record.association_id));
  const scoped: ScopedAssociation[] = [
    ...own.map((record) => ({ record, home: { storyId: story.story_id }, scope: 'story' as const })),
    ...shared
      .filter((record) => !ownIds.has(record.association_id))
      .map((record) => ({ record, home: { seriesId: seriesId! }, scope: 'series' as const })),
  ];
  // Stable: records created together keep the order their own list gave them.
  return scoped.sort((a, b) => a.record.created_at.localeCompare(b.record.created_at));
}

/** The association of that id the story sees: its own first, else its series' shared one. */
export async function locateAssociation(
  repository: AssociationRepository,
  story: StoryRecord,
  associationId: string,
): Promise<ScopedAssociation | undefined> {
  const own = await repository.get({ storyId: story.story_id }, associationId);
  if (own) return { record: own, home: { storyId: story.story_id }, scope: 'story' };
  if (!story.series_id) return undefined;
  const shared = await repository.get({ seriesId: story.series_id }, associationId);
  return shared && { record: shared, home: { seriesId: story.series_id }, scope: 'series' };
}

/** The association as the story sees it (its own, or shared by its series), or 404. */
export async function requireAssociation(
  repository: AssociationRepository,
  story: StoryRecord,
  associationId: string,
): Promise<ScopedAssociation> {
  const found = await locateAssociation(repository, story, associationId);
  if (!found) throw new NotFoundError('No such association.');
  return found;
}
