import { createHash, randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { describeError, type Logger } from '../lambdas/logger';
import type { Queue } from '../lambdas/domain/ports';
import type { QueueName } from '../lambdas/routes';
import { lambdaContext } from './lambda-bridge';

export type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface QueueWorker {
  handler: () => Promise<WorkerHandler>;
  maxReceiveCount: number;
}

interface PendingMessage {
  id: string;
  queue: QueueName;
  body: string;
  sentAt: number;
  receiveCount: number;
}

export interface InProcessQueueOptions {
  workers: Partial<Record<QueueName, QueueWorker>>;
  logger: Logger;
  /** Where undelivered messages and the dead-letter log are kept; nothing is persisted without it. */
  directory?: string;
  /** Delay before the n-th redelivery (n from 1). */
  retryDelayMs?: (attempt: number) => number;
}

const defaultRetryDelay = (attempt: number) => Math.min(200 * 2 ** (attempt - 1), 5_000);

/**
 * SQS for the embedded runtime: each message is delivered to its queue's worker as an SQS event, retried with
 * backoff when the worker throws or reports it in `batchItemFailures`, and moved to a dead-letter log after
 * `maxReceiveCount` deliveries. Pending messages are written to disk so a restart does not drop them.
 */
export class InProcessQueue implements Queue {
  private readonly pending = new Map<string, PendingMessage>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  private persistChain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly retryDelayMs: (attempt: number) => number;

  constructor(private readonly options: InProcessQueueOptions) {
    this.retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  }

  private get pendingFile() {
    return this.options.directory ? path.join(this.options.directory, 'pending-messages.json') : undefined;
  }

  get deadLetterFile() {
    return this.options.directory ? path.join(this.options.directory, 'dead-letters.jsonl') : undefined;
  }

  /** Redelivers whatever was pending when the runtime last stopped. */
  async start(): Promise<void> {
    const file = this.pendingFile;
    if (!file) return;
    await mkdir(path.dirname(file), { recursive: true });
    let saved: PendingMessage[] = [];
    try {
      saved = JSON.parse(await readFile(file, 'utf8')) as PendingMessage[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const message of saved) {
      this.pending.set(message.id, message);
      this.schedule(message, 0);
    }
  }

  async send(queue: QueueName, message: unknown): Promise<void> {
    if (!this.options.workers[queue]) throw new Error(`No worker is registered for the ${queue} queue`);
    const pending: PendingMessage = {
      id: randomUUID(),
      queue,
      body: JSON.stringify(message),
      sentAt: Date.now(),
      receiveCount: 0,
    };
    this.pending.set(pending.id, pending);
    await this.persist();
    this.schedule(pending, 0);
  }

  /** Resolves once every message has been delivered or dead-lettered (tests and shutdown). */
  async drain(): Promise<void> {
    if (this.pending.size === 0 && this.inFlight.size === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
    await this.persistChain;
  }

  private schedule(message: PendingMessage, delayMs: number) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const delivery = this.deliver(message).finally(() => {
        this.inFlight.delete(delivery);
        this.notifyIfIdle();
      });
      this.inFlight.add(delivery);
    }, delayMs);
    this.timers.add(timer);
  }

  private async deliver(message: PendingMessage): Promise<void> {
    const worker = this.options.workers[message.queue];
    if (!worker) return;
    message.receiveCount += 1;
    const record = toSqsRecord(message);
    let failed: boolean;
    try {
      const handler = await worker.handler();
      const result = await handler({ Records: [record] }, lambdaContext(`${message.queue}-worker`));
      failed = (result?.batchItemFailures ?? []).some((failure) => failure.itemIdentifier === message.id);
    } catch (error) {
      this.options.logger.warn('queue worker failed', {
        queue: message.queue,
        messageId: message.id,
        ...describeError(error),
      });
      failed = true;
    }

    if (!failed) {
      this.pending.delete(message.id);
    } else if (message.receiveCount >= worker.maxReceiveCount) {
      this.pending.delete(message.id);
      await this.deadLetter(message);
    } else {
      this.schedule(message, this.retryDelayMs(message.receiveCount));
    }
    await this.persist();
  }

  private async deadLetter(message: PendingMessage) {
    this.options.logger.error('message moved to the dead-letter log', {
      queue: message.queue,
      messageId: message.id,
    });
    const file = this.deadLetterFile;
    if (file) await appendFile(file, `${JSON.stringify({ ...message, deadLetteredAt: Date.now() })}\n`);
  }

  /** Writes are serialised and atomic (temp file + rename), so a crash leaves the last complete list. */
  private persist(): Promise<void> {
    const file = this.pendingFile;
    if (!file) return Promise.resolve();
    const snapshot = JSON.stringify([...this.pending.values()]);
    this.persistChain = this.persistChain.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, snapshot);
      await rename(temporary, file);
    });
    return this.persistChain;
  }

  private notifyIfIdle() {
    if (this.pending.size > 0 || this.inFlight.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function toSqsRecord(message: PendingMessage): SQSRecord {
  return {
    messageId: message.id,
    receiptHandle: message.id,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: 'embedded',
      ApproximateFirstReceiveTimestamp: String(message.sentAt),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(message.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${message.queue}`,
    awsRegion: 'local',
  };
}
