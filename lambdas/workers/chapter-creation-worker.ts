import * as z from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { prepareChapter } from '../domain/chapters/prepare-chapter';
import { sqsWorker } from './sqs-worker';

/**
 * The 'chapterCreation' queue's worker: prepares each chapter a POST /api/stories/{id}/chapter wrote as
 * 'creating'.
 */
export const handler = sqsWorker({
  queue: 'chapterCreation',
  message: z.object({ story_id: IdSchema, chapter_id: IdSchema }),
  describe: 'chapter creation',
  async handle(ports, message) {
    return { outcome: await prepareChapter(ports.repositories, message, ports.now()) };
  },
});
