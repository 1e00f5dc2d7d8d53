import * as z from 'zod';
import { ChapterStageSchema } from './chapter';
import { IdSchema } from './common';

/** Spec §3 export types, plus `epub` (ours, beyond the spec), in the order the export menu lists them. */
export const EXPORT_TYPES = ['pdf', 'docx', 'epub'] as const;
export const ExportTypeSchema = z.enum(EXPORT_TYPES);
export type ExportType = z.infer<typeof ExportTypeSchema>;

/**
 * `manuscript` (the default): Standard Manuscript Format, what agents and editors ask for. `book`: a typeset
 * reading copy.
 */
export const EXPORT_LAYOUTS = ['manuscript', 'book'] as const;
export const ExportLayoutSchema = z.enum(EXPORT_LAYOUTS);
export type ExportLayout = z.infer<typeof ExportLayoutSchema>;

/**
 * The stages an export keeps (ours): only the chapters at one of them are exported, e.g. `['final']`. Left out,
 * every chapter is; a chapter with no stage is kept only by leaving the filter out.
 */
export const ExportStagesSchema = z
  .array(ChapterStageSchema)
  .min(1, 'Choose at least one stage to export, or leave the stages out.');

/** PUT /api/stories/{id}/export?type=pdf|docx|epub */
export const ExportQuerySchema = z.object({ type: ExportTypeSchema });

/**
 * PUT /api/stories/{id}/export's body (spec §7: html_by_chapter, title, storyID, type). Everything but `layout`,
 * `stages` and the review options is accepted for the old clients' sake and ignored: the worker renders the stored chapters, never HTML a
 * client sends. Unknown fields are let through for the same reason.
 */
export const ExportRequestSchema = z.looseObject({
  html_by_chapter: z.array(z.unknown()).optional(),
  title: z.string().optional(),
  storyID: z.string().optional(),
  type: z.string().optional(),
  layout: ExportLayoutSchema.default('manuscript'),
  stages: ExportStagesSchema.optional(),
  /** DOCX only (issue 24 §5): the threads as Word comments, with their replies. */
  include_comments: z.boolean().default(false),
  /** DOCX only: the open suggestions as tracked changes by their editors. */
  include_suggestions: z.boolean().default(false),
});
export type ExportRequest = z.input<typeof ExportRequestSchema>;

/** GET /api/stories/{id}/export/{jobId} */
export const ExportJobPathSchema = z.object({ storyId: IdSchema, jobId: IdSchema });

/** The finished export: a time-limited download link (spec §7 "Response has url"). */
export const ExportReadySchema = z.object({ url: z.url() });
export type ExportReady = z.infer<typeof ExportReadySchema>;

/** An export still being made (202): poll GET /api/stories/{id}/export/{job_id}. */
export const ExportPendingSchema = z.object({ job_id: IdSchema });
export type ExportPending = z.infer<typeof ExportPendingSchema>;

/** What the export call and the job poll answer: the link once the file is ready, the job id until then. */
export const ExportAnswerSchema = z.union([ExportReadySchema, ExportPendingSchema]);
export type ExportAnswer = z.infer<typeof ExportAnswerSchema>;
