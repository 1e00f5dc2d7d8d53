import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { getPorts } from '../composition';
import { purgeStoryContent } from '../domain/stories/delete-story';
import { describeError } from '../logger';

const StoryDeletionMessageSchema = z.object({ story_id: IdSchema });

/**
 * The 'storyDeletion' queue's worker: removes everything under a story whose item DELETE /api/stories/{id}
 * already removed. Failed messages are reported one by one, redelivered, and dead-lettered after the
 * queue's maximum receives (an alarm fires), so no story's content is silently left behind.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const ports = getPorts();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const logger = ports.logger.child({ queue: 'storyDeletion', messageId: record.messageId });
    try {
      const message = StoryDeletionMessageSchema.parse(JSON.parse(record.body));
      await purgeStoryContent(ports, message.story_id);
      logger.info('story content deleted', message);
    } catch (error) {
      logger.error('story deletion failed', describeError(error));
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
