import type { ExportLayout, ExportType } from './manuscript';

export type ExportJobStatus = 'running' | 'done' | 'failed';

/** One export of a story: asked for by its author, made by the export worker. */
export interface ExportJobRecord {
  job_id: string;
  story_id: string;
  type: ExportType;
  layout: ExportLayout;
  status: ExportJobStatus;
  /** The file in the exports bucket, once done. */
  file_key?: string;
  created_at: string;
  updated_at: string;
}

/**
 * Export jobs, kept in their story's partition so they go with the story. They expire on their own (as their
 * files do): a job is only worth keeping while its link can be handed out.
 */
export interface ExportJobRepository {
  create(job: ExportJobRecord, expiresAt: Date): Promise<void>;
  get(storyId: string, jobId: string): Promise<ExportJobRecord | undefined>;
  /**
   * Marks a running job done (with its file) or failed. False when the job is gone (its story was deleted)
   * or already finished: a redelivered message changes nothing.
   */
  finish(
    storyId: string,
    jobId: string,
    outcome: { status: 'done'; file_key: string } | { status: 'failed' },
    now: Date,
  ): Promise<boolean>;
}
