import type { DocumentSettings } from '../../../shared/schemas/settings';
import type { Write } from '../unit-of-work';

/** A story's document settings, absent until the author first saves them. */
export interface SettingsRepository {
  get(storyId: string): Promise<DocumentSettings | undefined>;
  /** The settings are one document; the author's latest choice replaces the previous one. */
  putItem(storyId: string, settings: DocumentSettings, now: Date): Write;
}
