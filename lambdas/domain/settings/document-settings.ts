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
 * without our own settings (`highlight_associations`, `text_size`, `font`; a client written to the spec sends
 * none of them) keeps the stored choices, at one more read.
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
    const sent = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
    const omitsOurs = OUR_SETTINGS.some((field) => update[field] === undefined);
    const stored = omitsOurs ? await repositories.settings.get(storyId) : undefined;
    const settings: DocumentSettings = { ...DEFAULT_DOCUMENT_SETTINGS, ...stored, ...sent };
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      repositories.settings.putItem(storyId, settings, ports.now()),
    ]);
    return settings;
  });
}

/** The settings beside the spec's two, which a client written to the spec does not send. */
const OUR_SETTINGS = ['highlight_associations', 'text_size', 'font'] as const;
