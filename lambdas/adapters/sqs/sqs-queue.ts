import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '../../env';
import type { Queue } from '../../domain/ports';
import type { QueueName } from '../../routes';

export function createSqsQueue(config: Config, client = new SQSClient({ region: config.AWS_REGION })): Queue {
  const queueUrls: Record<QueueName, string | undefined> = {
    chapterCreation: config.CHAPTER_CREATION_QUEUE_URL,
    export: config.EXPORT_QUEUE_URL,
    storyDeletion: config.STORY_DELETION_QUEUE_URL,
    storyImport: config.STORY_IMPORT_QUEUE_URL,
    accountDeletion: config.ACCOUNT_DELETION_QUEUE_URL,
  };
  return {
    async send(queue, message) {
      const queueUrl = queueUrls[queue];
      if (!queueUrl) throw new Error(`No queue URL is configured for the ${queue} queue`);
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
    },
  };
}
