import type { AssociationHome } from '../../../domain/associations/association-repository';
import { storyPartitionKey } from './story-keys';

/**
 * A series' shared associations live in the series' own partition, `SERIES#<id>` (its item stays in its
 * owner's partition), so a volume lists its associations with one Query of its story and one of its series.
 */
export const seriesPartitionKey = (seriesId: string) => `SERIES#${seriesId}`;

/** The partition an association lives in: its story's, or its series' when shared. */
export const associationPartitionKey = (home: AssociationHome) =>
  'storyId' in home ? storyPartitionKey(home.storyId) : seriesPartitionKey(home.seriesId);

/** Associations live in their home's partition (`STORY#<sid>` or `SERIES#<id>` / `ASSOC#<aid>`), one Query each. */
export const ASSOCIATION_SORT_KEY_PREFIX = 'ASSOC#';
export const associationKey = (home: AssociationHome, associationId: string) => ({
  PK: associationPartitionKey(home),
  SK: `${ASSOCIATION_SORT_KEY_PREFIX}${associationId}`,
});
/** The story's association count; its sort key does not start with `ASSOC#`, so the list Query never returns it. */
export const associationCountKey = (storyId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: 'ASSOCIATION_COUNT',
});
