import type { BookSettings } from '../../../shared/schemas/book';
import { DEFAULT_BOOK_SETTINGS } from '../../../shared/schemas/book';
import type { DomainPorts } from '../ports';

/** The ports these operations use. */
export type BookSettingsPorts = Pick<DomainPorts, 'repositories' | 'now'>;

/** GET /api/stories/{storyId}/book: the story's book settings, the defaults until the author saves some. */
export async function getBookSettings(
  ports: BookSettingsPorts,
  userId: string,
  storyId: string,
): Promise<BookSettings> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  return (await ports.repositories.books.get(storyId)) ?? DEFAULT_BOOK_SETTINGS;
}

/**
 * PUT /api/stories/{storyId}/book: the whole settings replace the stored ones, written only while the story
 * exists (a deleted story keeps none).
 */
export async function saveBookSettings(
  ports: BookSettingsPorts,
  userId: string,
  storyId: string,
  settings: BookSettings,
): Promise<BookSettings> {
  const { repositories } = ports;
  await repositories.stories.requireOwned(userId, storyId);
  await repositories.commit([
    repositories.stories.existsCondition(userId, storyId),
    repositories.books.putItem(storyId, settings, ports.now()),
  ]);
  return settings;
}
