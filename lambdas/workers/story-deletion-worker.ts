import * as z from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { purgeStoryContent } from '../domain/stories/delete-story';
import { sqsWorker } from './sqs-worker';

/**
 * The 'storyDeletion' queue's worker: removes everything under a story whose item DELETE /api/stories/{id}
 * already removed. Failed messages are redelivered and dead-lettered after the queue's maximum receives (an
 * alarm fires), so no story's content is silently left behind.
 */
export const handler = sqsWorker({
  queue: 'storyDeletion',
  message: z.object({ story_id: IdSchema }),
  describe: 'story deletion',
  async handle(ports, message) {
    await purgeStoryContent(ports, message.story_id);
  },
});
