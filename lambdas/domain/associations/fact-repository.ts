import type { Write } from '../unit-of-work';

/** A fact as stored: in the story whose chapter it starts from, whichever home its association has. */
export interface FactRecord {
  fact_id: string;
  association_id: string;
  story_id: string;
  label: string;
  value: string;
  from_chapter_id: string;
  created_at: string;
  updated_at: string;
}

/**
 * Facts live with the story whose chapter they start from (issue 25 §2), keyed by their association: a series'
 * shared association gathers them from its volumes, the story's cascading delete takes them, and sharing or
 * unsharing the association moves nothing.
 */
export interface FactRepository {
  /** The story's facts of the association, in no particular order. */
  list(storyId: string, associationId: string): Promise<FactRecord[]>;
  /** Every fact the story keeps, of every association. */
  listStory(storyId: string): Promise<FactRecord[]>;
  get(storyId: string, associationId: string, factId: string): Promise<FactRecord | undefined>;
  /** A new fact; fails the transaction if the id is taken. */
  putItem(fact: FactRecord): Write;
  /** The fact as changed; fails the transaction unless it is still as read (`expectedUpdatedAt`). */
  replaceItem(fact: FactRecord, expectedUpdatedAt: string): Write;
  /** Fails the transaction when the fact is gone. */
  deleteItem(fact: Pick<FactRecord, 'story_id' | 'association_id' | 'fact_id'>): Write;
  /** The story's count of the association's facts; adding fails the transaction beyond `limit`. */
  countItem(storyId: string, associationId: string, change: number, limit: number): Write;
  /** Every fact (and the count) of the association in these stories: the association was deleted. */
  deleteAll(storyIds: readonly string[], associationId: string): Promise<void>;
}
