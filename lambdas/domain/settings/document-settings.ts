import {
  DEFAULT_DOCUMENT_SETTINGS,
  mergeDocumentSettings,
  type DocumentSettings,
  type UpdateDocumentSettings,
} from '../../../shared/schemas/settings';
import type { DomainPorts } from '../ports';
import { retryOnConcurrentChange } from '../concurrency';

/** The ports these operations use. */
export type DocumentSettingsPorts = Pick<DomainPorts, 'repositories' | 'now'>;

/** GET /api/stories/{id}/settings: the story's settings, or the defaults until the author saves some. */
export async function getDocumentSettings(
  ports: DocumentSettingsPorts,
  userId: string,
  storyId: string,
): Promise<DocumentSettings> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  return (await ports.repositories.settings.get(storyId)) ?? DEFAULT_DOCUMENT_SETTINGS;
}

/**
 * PUT /api/stories/{id}/settings: written only while the story exists, so a deleted story keeps none. Our own
 * fields left out of the body (a client written to the spec sends none of them) keep their stored values, so
 * the stored settings are read first.
 */
export async function saveDocumentSettings(
  ports: DocumentSettingsPorts,
  userId: string,
  storyId: string,
  update: UpdateDocumentSettings,
): Promise<DocumentSettings> {
  const { repositories } = ports;
  return retryOnConcurrentChange(async () => {
    await repositories.stories.requireOwned(userId, storyId);
    const stored = (await repositories.settings.get(storyId)) ?? DEFAULT_DOCUMENT_SETTINGS;
    const settings = mergeDocumentSettings(stored, update);
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      repositories.settings.putItem(storyId, settings, ports.now()),
    ]);
    return settings;
  });
}
