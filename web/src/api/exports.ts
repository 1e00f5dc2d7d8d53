/** The export calls (spec §7 Export, with the job poll that follows a long export), each answer parsed. */
import type { ChapterStage } from '../../../shared/schemas/chapter';
import {
  ExportAnswerSchema,
  type ExportAnswer,
  type ExportLayout,
  type ExportRequest,
  type ExportType,
} from '../../../shared/schemas/export';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

/**
 * PUT /api/stories/{id}/export?type=: the link once the file is made, or the job to poll. The server renders
 * what it has stored, so the body's `html_by_chapter` (kept for the spec's wire format) goes empty. The page
 * shows its own progress, so the call does not raise the loading overlay. `stages` (ours) keeps only the
 * chapters at those stages; left out, every chapter is exported. `review` (DOCX only) asks for the comments and
 * suggestions as Word comments and tracked changes.
 */
export async function requestExport(
  story: { storyId: string; title: string },
  type: ExportType,
  layout: ExportLayout,
  stages?: ChapterStage[],
  review: Pick<ExportRequest, 'include_comments' | 'include_suggestions'> = {},
): Promise<ExportAnswer> {
  const body: ExportRequest = {
    html_by_chapter: [],
    title: story.title,
    storyID: story.storyId,
    type,
    layout,
    ...(stages ? { stages } : {}),
    ...review,
  };
  return ExportAnswerSchema.parse(
    await api.put(apiPaths.storyExport(story.storyId), body, { query: { type }, background: true }),
  );
}

/** GET /api/stories/{id}/export/{jobId}: the link once the file is made, the job id while it runs. */
export async function getExportJob(storyId: string, jobId: string): Promise<ExportAnswer> {
  return ExportAnswerSchema.parse(await api.get(apiPaths.exportJob(storyId, jobId), { background: true }));
}
