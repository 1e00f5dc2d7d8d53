import {
  DEFAULT_DOCUMENT_SETTINGS,
  type DocumentSettings,
  type DocumentSettingsUpdate,
} from '../../../shared/schemas/settings';
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

/**
 * PUT /api/stories/{id}/settings: written only while the story exists, so a deleted story keeps none. A body
 * without `highlight_associations` (a client written to the spec) keeps the stored choice, at one more read.
 */
export async function saveDocumentSettings(
  ports: Ports,
  userId: string,
  storyId: string,
  update: DocumentSettingsUpdate,
): Promise<DocumentSettings> {
  const { repositories } = ports;
  return retryOnConcurrentChange(async () => {
    await repositories.stories.requireOwned(userId, storyId);
    const highlightAssociations =
      update.highlight_associations ??
      ((await repositories.settings.get(storyId)) ?? DEFAULT_DOCUMENT_SETTINGS).highlight_associations;
    const settings: DocumentSettings = { ...update, highlight_associations: highlightAssociations };
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      repositories.settings.putItem(storyId, settings, ports.now()),
    ]);
    return settings;
  });
}
