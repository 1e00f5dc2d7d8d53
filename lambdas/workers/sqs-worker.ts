import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { getPorts } from '../composition';
import { describeError, type Logger } from '../logger';
import type { Ports } from '../ports';
import { type QueueName, workers } from '../routes';

export interface SqsWorkerOptions<TMessage> {
  queue: QueueName;
  message: z.ZodType<TMessage>;
  /** Does the message's work; what it answers is logged with the message. Throwing fails this message only. */
  handle(ports: Ports, message: TMessage): Promise<Record<string, unknown> | void>;
  /** Log lines, e.g. 'chapter creation' → 'chapter creation handled' / 'chapter creation failed'. */
  describe: string;
  /**
   * Runs when the message failed on its last delivery, before it goes to the dead-letter queue: the place to
   * leave a state the author can see rather than work that looks in progress forever.
   */
  onLastFailure?(ports: Ports, message: TMessage): Promise<void>;
}

/** Whether SQS will not deliver this record again (its queue's maxReceiveCount reached). */
function isLastDelivery(queue: QueueName, record: SQSRecord): boolean {
  const maxReceiveCount = workers.find((worker) => worker.queue === queue)?.maxReceiveCount;
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount);
  return maxReceiveCount !== undefined && receiveCount >= maxReceiveCount;
}

/**
 * Every queue's worker: each record parsed with its zod schema and handled one after the other (messages of a
 * batch may touch the same items), failures reported one by one (partial batch response) so SQS redelivers
 * only those and, after the queue's maximum receives, dead-letters them. A batch that fails whole is answered
 * the same way rather than thrown, so the embedded queue and SQS see one shape.
 */
export function sqsWorker<TMessage>(
  options: SqsWorkerOptions<TMessage>,
): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  return async (event, context) => {
    const ports = getPorts();
    const handleRecord = async (record: SQSRecord) => {
      const logger: Logger = ports.logger.child({ queue: options.queue, messageId: record.messageId });
      let message: TMessage | undefined;
      try {
        message = options.message.parse(JSON.parse(record.body));
        const outcome = await options.handle({ ...ports, logger }, message);
        logger.info(`${options.describe} handled`, { ...(message as object), ...outcome });
      } catch (error) {
        logger.error(`${options.describe} failed`, describeError(error));
        if (message !== undefined && options.onLastFailure && isLastDelivery(options.queue, record)) {
          await options.onLastFailure({ ...ports, logger }, message);
        }
        throw error;
      }
    };
    return processPartialResponse(event, handleRecord, processor, {
      ...(context ? { context } : {}),
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  };
}
