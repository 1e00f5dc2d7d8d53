import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '../../../shared/schemas/settings';
import type { Ports } from '../../ports';
import { retryOnConcurrentChange } from '../concurrency';

/** GET /api/stories/{id}/settings: the story's settings, or the defaults until the author saves some. */
export async function getDocumentSettings(
  ports: Ports,
  userId: string,
  storyId: string,
): Promise<DocumentSettings> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  return (await ports.repositories.settings.get(storyId)) ?? DEFAULT_DOCUMENT_SETTINGS;
}

/** PUT /api/stories/{id}/settings: written only while the story exists, so a deleted story keeps none. */
export async function saveDocumentSettings(
  ports: Ports,
  userId: string,
  storyId: string,
  settings: DocumentSettings,
): Promise<DocumentSettings> {
  const { repositories } = ports;
  await retryOnConcurrentChange(async () => {
    await repositories.stories.requireOwned(userId, storyId);
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      repositories.settings.putItem(storyId, settings, ports.now()),
    ]);
  });
  return settings;
}
