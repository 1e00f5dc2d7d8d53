/** The story's book settings (issue 27 §1), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import {
  BookPreviewSchema,
  BookSettingsSchema,
  type BookPreview,
  type BookPreviewRequest,
  type BookSettings,
} from '../../../shared/schemas/book';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const bookSettingsKeys = {
  detail: (storyId: string) => ['book-settings', storyId] as const,
};

export const bookSettingsQuery = (storyId: string) =>
  queryOptions({
    queryKey: bookSettingsKeys.detail(storyId),
    queryFn: async ({ signal }) =>
      BookSettingsSchema.parse(
        await api.get(apiPaths.bookSettings(storyId), { signal, keepOffline: { storyId } }),
      ),
  });

/** PUT /api/stories/{id}/book: the whole settings; answers them as saved. */
export async function saveBookSettings(storyId: string, settings: BookSettings): Promise<BookSettings> {
  return BookSettingsSchema.parse(
    await api.put(apiPaths.bookSettings(storyId), settings, { keepOffline: { storyId } }),
  );
}

/** POST /api/stories/{id}/book/preview: the first pages of the book as `request.settings` would make it. */
export async function previewBook(
  storyId: string,
  request: BookPreviewRequest,
  signal?: AbortSignal,
): Promise<BookPreview> {
  return BookPreviewSchema.parse(await api.post(apiPaths.bookPreview(storyId), request, { signal }));
}
