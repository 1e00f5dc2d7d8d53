import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '../../../shared/schemas/settings';
import type { Ports } from '../../ports';
import { StoryRepository } from '../stories/story-repository';
import { commitTransaction, retryOnConcurrentChange } from '../table';
import { SettingsRepository } from './settings-repository';

/** GET /api/stories/{id}/settings: the story's settings, or the defaults until the author saves some. */
export async function getDocumentSettings(
  ports: Ports,
  userId: string,
  storyId: string,
): Promise<DocumentSettings> {
  await new StoryRepository(ports.database).requireOwned(userId, storyId);
  return (await new SettingsRepository(ports.database).get(storyId)) ?? DEFAULT_DOCUMENT_SETTINGS;
}

/** PUT /api/stories/{id}/settings: written only while the story exists, so a deleted story keeps none. */
export async function saveDocumentSettings(
  ports: Ports,
  userId: string,
  storyId: string,
  settings: DocumentSettings,
): Promise<DocumentSettings> {
  const storyRepository = new StoryRepository(ports.database);
  await retryOnConcurrentChange(async () => {
    await storyRepository.requireOwned(userId, storyId);
    await commitTransaction(ports.database, [
      storyRepository.existsCondition(userId, storyId),
      new SettingsRepository(ports.database).putItem(storyId, settings, ports.now()),
    ]);
  });
  return settings;
}
