import { Duration, Validations } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ALARM_PERIOD, NotifyingAlarm } from './notifying-alarm';

export interface WorkQueueProps {
  /** Deliveries before a message is moved to the dead-letter queue. */
  maxReceiveCount: number;
  /** At least the consuming function's timeout (AWS recommends six times it). */
  visibilityTimeout: Duration;
  alarmTopic: ITopic;
}

/**
 * An SQS queue with its dead-letter queue and an alarm as soon as anything lands there, since every
 * dead letter is a chapter that never became ready or an export nobody received.
 *
 * Defaults: SQS-managed encryption; TLS required; messages kept 4 days, dead letters 14 days (the most SQS
 * allows) so there is time to inspect and redrive them.
 */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue; its depth alarms instead of redriving further.',
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(4),
      visibilityTimeout: props.visibilityTimeout,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
    });
    new NotifyingAlarm(this, 'DeadLettersAlarm', {
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: ALARM_PERIOD,
        statistic: 'Maximum',
      }),
      description: `Messages from the ${id} queue failed ${props.maxReceiveCount} times and wait in its dead-letter queue.`,
      topic: props.alarmTopic,
    });
  }
}
