import * as z from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { ExportLayoutSchema, ExportStagesSchema, ExportTypeSchema } from '../../shared/schemas/export';
import { markExportFailed, runExportJob } from '../domain/export/run-export-job';
import { sqsWorker } from './sqs-worker';

/**
 * The 'export' queue's worker: renders the stored story of each job PUT /api/stories/{id}/export started, puts
 * the file in the exports bucket and marks the job done or failed. A message that fails on its last delivery
 * (the outcome could not be recorded) leaves the job failed, so the page polling it stops with its Error alert.
 */
export const handler = sqsWorker({
  queue: 'export',
  message: z.object({
    user_id: IdSchema,
    story_id: IdSchema,
    job_id: IdSchema,
    type: ExportTypeSchema,
    layout: ExportLayoutSchema,
    stages: ExportStagesSchema.optional(),
    include_comments: z.boolean().optional(),
    include_suggestions: z.boolean().optional(),
  }),
  describe: 'export',
  async handle(ports, message) {
    return { outcome: await runExportJob(ports, message) };
  },
  onLastFailure: markExportFailed,
});
