import type { Relationship } from '../../../shared/schemas/relationships';
import type { Write } from '../unit-of-work';

/**
 * A story's relationships (issue 25 §3) as one document, versioned like the outline: the list is bounded
 * (MAX_RELATIONSHIPS_PER_STORY), every read wants all of it, and two writers never overwrite each other.
 */
export interface StoredRelationships {
  relationships: Relationship[];
  /** The version read; 0 when the story has none yet. */
  version: number;
}

export interface RelationshipRepository {
  /** The story's relationships; none and version 0 when it has none. */
  get(storyId: string): Promise<StoredRelationships>;
  /** Replaces the list, if it is still at the version it was read at. */
  saveItem(storyId: string, read: StoredRelationships, relationships: Relationship[], now: Date): Write;
}
