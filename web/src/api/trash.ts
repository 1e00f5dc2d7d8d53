/** The trash calls (issue 16): 'Recently deleted' and restoring from it, each answer parsed. */
import { queryOptions } from '@tanstack/react-query';
import { TrashListSchema, type TrashList } from '../../../shared/schemas/trash';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const trashKeys = { list: () => ['trash'] as const };

/** GET /api/trash: deleted stories and chapters, newest first, restorable for 30 days. */
export async function getTrash(signal?: AbortSignal): Promise<TrashList> {
  return TrashListSchema.parse(await api.get(apiPaths.trash, { signal }));
}

export const trashQuery = () =>
  queryOptions({ queryKey: trashKeys.list(), queryFn: ({ signal }) => getTrash(signal) });

/** POST /api/trash/stories/{id}/restore (answers 204). */
export async function restoreStory(storyId: string): Promise<void> {
  await api.post(apiPaths.restoreStory(storyId), {});
}

/** POST /api/trash/stories/{id}/chapters/{chapterId}/restore (answers 204). */
export async function restoreChapter(storyId: string, chapterId: string): Promise<void> {
  await api.post(apiPaths.restoreChapter(storyId, chapterId), {});
}
