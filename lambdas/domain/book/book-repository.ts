import type { BookSettings } from '../../../shared/schemas/book';
import type { Write } from '../unit-of-work';

/** A story's book settings (issue 27 §1), absent until the author first saves them. */
export interface BookRepository {
  get(storyId: string): Promise<BookSettings | undefined>;
  /** The settings are one document; the author's latest choice replaces the previous one. */
  putItem(storyId: string, settings: BookSettings, now: Date): Write;
}
