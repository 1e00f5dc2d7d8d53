/** The story's document settings calls of spec §7, each answer parsed with the shared schema. */
import {
  DEFAULT_DOCUMENT_SETTINGS,
  DocumentSettingsSchema,
  type DocumentSettings,
  type UpdateDocumentSettings,
} from '../../../shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const documentSettingsKeys = {
  detail: (storyId: string) => ['document-settings', storyId] as const,
};

export const documentSettingsQuery = (storyId: string) =>
  queryOptions({
    queryKey: documentSettingsKeys.detail(storyId),
    queryFn: ({ signal }) => getDocumentSettings(storyId, signal),
  });

/** GET /api/stories/{id}/settings. Spec §8: a 404 means the author saved none, so the defaults hold. */
export async function getDocumentSettings(
  storyId: string,
  signal?: AbortSignal,
  background = false,
): Promise<DocumentSettings> {
  try {
    return DocumentSettingsSchema.parse(
      await api.get(apiPaths.documentSettings(storyId), { signal, background, keepOffline: { storyId } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEFAULT_DOCUMENT_SETTINGS;
    throw error;
  }
}

/**
 * PUT /api/stories/{id}/settings: the settings JSON; answers the settings as stored. A goal field the server
 * keeps when left out, so one `previous` held and `settings` no longer does is sent as null, which removes it.
 */
export async function updateDocumentSettings(
  storyId: string,
  settings: DocumentSettings,
  previous?: DocumentSettings,
): Promise<DocumentSettings> {
  const removed = (field: 'target_words' | 'deadline') =>
    previous?.[field] !== undefined && settings[field] === undefined ? { [field]: null } : {};
  const body: UpdateDocumentSettings = { ...settings, ...removed('target_words'), ...removed('deadline') };
  return DocumentSettingsSchema.parse(
    await api.put(apiPaths.documentSettings(storyId), body, { keepOffline: { storyId } }),
  );
}
