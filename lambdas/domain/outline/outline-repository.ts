import type { OutlineSection } from '../../../shared/schemas/outline';
import type { Write } from '../unit-of-work';

/**
 * A story's outline (spec §3): its sections as one document, versioned so that two writers (the author's
 * edits, a chapter's deletion) never overwrite each other.
 */
export interface StoredOutline {
  sections: OutlineSection[];
  /** The version read; 0 when the story has no outline yet. */
  version: number;
}

export interface OutlineRepository {
  /** The story's outline; no sections and version 0 when it has none. */
  get(storyId: string): Promise<StoredOutline>;
  /** Replaces the sections, if the outline is still at the version it was read at. */
  saveItem(storyId: string, read: StoredOutline, sections: OutlineSection[], now: Date): Write;
}
