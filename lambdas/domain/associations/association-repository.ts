import type { AssociationType } from '../../../shared/schemas/associations';

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
 * A story's associations, with a count kept beside them: every create and delete changes the count in the
 * same transaction, so the free-tier limit holds under concurrent requests too.
 */
export interface AssociationRepository {
  /** Oldest first, and those created together in the order they were sent: the matcher breaks ties by it. */
  list(storyId: string): Promise<AssociationRecord[]>;
  get(storyId: string, associationId: string): Promise<AssociationRecord | undefined>;
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
    storyId: string,
    associationId: string,
    fields: EditableAssociationFields,
    now: Date,
  ): Promise<AssociationRecord | undefined>;
  /**
   * Points the association at newly stored portrait images. Answers the images it pointed at before (to be
   * deleted), or `missing` when the association no longer exists.
   */
  setPortrait(
    storyId: string,
    associationId: string,
    portrait: PortraitImages,
  ): Promise<{ previous: PortraitImages | undefined } | 'missing'>;
  /** Deletes the association and counts it out, atomically; one that is already gone is left as it is. */
  delete(storyId: string, associationId: string): Promise<void>;
}
