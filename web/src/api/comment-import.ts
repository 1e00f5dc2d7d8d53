import { CommentImportResultSchema, type CommentImportResult } from '../../../shared/schemas/comment-import';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';
import { multipart } from './multipart';

/** POST /api/stories/{storyId}/comments/import: a Word document's comments brought onto the story's words. */
export async function importWordComments(storyId: string, file: File): Promise<CommentImportResult> {
  return CommentImportResultSchema.parse(
    await api.post(`${apiPaths.comments(storyId)}/import`, multipart({}, file)),
  );
}
