import * as z from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { markChapterCreationFailed } from '../domain/chapters/chapter-creation-failure';
import { prepareChapter } from '../domain/chapters/prepare-chapter';
import { sqsWorker } from './sqs-worker';

/**
 * The 'chapterCreation' queue's worker: prepares each chapter a POST /api/stories/{id}/chapter wrote as
 * 'creating'. A message that fails on its last delivery leaves the chapter 'failed', which the workspace shows
 * with 'Try again'.
 */
export const handler = sqsWorker({
  queue: 'chapterCreation',
  message: z.object({ story_id: IdSchema, chapter_id: IdSchema }),
  describe: 'chapter creation',
  async handle(ports, message) {
    return { outcome: await prepareChapter(ports.repositories, message, ports.now()) };
  },
  onLastFailure: (ports, message) => markChapterCreationFailed(ports.repositories, message, ports.now()),
});
