import type { AssociationType } from '../../../shared/schemas/associations';
import type { Write } from '../unit-of-work';

/** The stored images of an uploaded portrait. */
export interface PortraitImages {
  key: string;
  thumbnailKey: string;
  /** Epoch milliseconds; the URL's cache-defeating date parameter. */
  uploadedAt: number;
}

export interface AssociationRecord {
  association_id: string;
  association_name: string;
  association_type: AssociationType;
  aliases: string;
  case_sensitive: boolean;
  short_description: string;
  extended_description: string;
  portrait?: PortraitImages;
  created_at: string;
  updated_at: string;
}

/** The fields an author edits; everything else changes only through its own operation. */
export type EditableAssociationFields = Pick<
  AssociationRecord,
  | 'association_name'
  | 'association_type'
  | 'aliases'
  | 'case_sensitive'
  | 'short_description'
  | 'extended_description'
>;

export type NewAssociationRecord = Omit<AssociationRecord, 'portrait'>;

/**
 * Where an association is kept: with its story (the story's own), or with the series that shares it among all
 * its volumes (issue 13 §4). A shared association is one record, whichever volume reads or edits it.
 */
export type AssociationHome = { storyId: string } | { seriesId: string };

/**
 * A story's associations, with a count of the story's own kept beside them: every create and delete changes
 * the count in the same transaction, so the free-tier limit holds under concurrent requests too. A series'
 * shared associations are kept with the series, uncounted there: each volume's limit adds them (`listShared`).
 */
export interface AssociationRepository {
  /** Oldest first, and those created together in the order they were sent: the matcher breaks ties by it. */
  list(storyId: string): Promise<AssociationRecord[]>;
  /** The series' shared associations, oldest first. */
  listShared(seriesId: string): Promise<AssociationRecord[]>;
  get(home: AssociationHome, associationId: string): Promise<AssociationRecord | undefined>;
  /** Each story's count of its own associations (0 for a story that has none). */
  ownCounts(storyIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Stores new associations of a story all or none, together with the count and a check that the story still
   * exists. With `limit`, nothing is stored when the story would then hold more than `limit`.
   */
  create(
    owner: { userId: string; storyId: string },
    records: NewAssociationRecord[],
    limit: number | undefined,
  ): Promise<'created' | 'limit_reached' | 'story_missing'>;
  /** The stored association after the change, or undefined when it no longer exists. */
  update(
    home: AssociationHome,
    associationId: string,
    fields: EditableAssociationFields,
    now: Date,
  ): Promise<AssociationRecord | undefined>;
  /**
   * Points the association at newly stored portrait images. Answers the images it pointed at before (to be
   * deleted), or `missing` when the association no longer exists.
   */
  setPortrait(
    home: AssociationHome,
    associationId: string,
    portrait: PortraitImages,
  ): Promise<{ previous: PortraitImages | undefined } | 'missing'>;
  /**
   * Deletes the association (a story's own also counted out, atomically); one that is already gone is left as
   * it is.
   */
  delete(home: AssociationHome, associationId: string): Promise<void>;
  /** Moves a story's own association to its series: out of the story (and its count), into the series. */
  shareItems(storyId: string, seriesId: string, record: AssociationRecord): Write[];
  /** Moves a shared association back to one story as its own (counted there); the other volumes lose it. */
  unshareItems(seriesId: string, storyId: string, record: AssociationRecord): Write[];
  /**
   * Puts copies of (shared) associations into a story as its own, counted: a story leaving its series keeps
   * them. The records must be new to the story (no own association of the same id).
   */
  copyIntoStoryItems(storyId: string, records: readonly AssociationRecord[]): Write[];
  /** Deletes the series' shared associations (the series is going). */
  deleteSharedItems(seriesId: string, records: readonly AssociationRecord[]): Write[];
  /** Holds while the story counts at most `most` associations of its own. */
  ownCountAtMostCondition(storyId: string, most: number): Write;
}
