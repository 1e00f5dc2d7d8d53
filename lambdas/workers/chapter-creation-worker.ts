import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { getPorts } from '../composition';
import { prepareChapter } from '../domain/chapters/prepare-chapter';
import { describeError } from '../logger';

const ChapterCreationMessageSchema = z.object({ story_id: IdSchema, chapter_id: IdSchema });

/**
 * The 'chapterCreation' queue's worker: prepares each chapter a POST /api/stories/{id}/chapter wrote as
 * 'creating'. Messages that fail are reported one by one (partial batch response), so SQS redelivers only
 * those and, after the queue's maximum receives, moves them to the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const ports = getPorts();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const logger = ports.logger.child({ queue: 'chapterCreation', messageId: record.messageId });
    try {
      const message = ChapterCreationMessageSchema.parse(JSON.parse(record.body));
      const outcome = await prepareChapter(ports.database, message, ports.now());
      logger.info('chapter creation handled', { ...message, outcome });
    } catch (error) {
      logger.error('chapter creation failed', describeError(error));
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
