import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lambdas/logger';
import { InProcessQueue, type WorkerHandler } from '../../local/in-process-queue';

const logger = createLogger('silent');

function recordingWorker(behaviour: (event: SQSEvent, delivery: number) => ReturnType<WorkerHandler>) {
  const deliveries: SQSEvent[] = [];
  const handler: WorkerHandler = async (event) => {
    deliveries.push(event);
    return behaviour(event, deliveries.length);
  };
  return { deliveries, handler };
}

describe('InProcessQueue', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'queue-test-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('delivers a message to its worker as an SQS event carrying the JSON body', async () => {
    const worker = recordingWorker(async () => undefined);
    const queue = new InProcessQueue({
      workers: { chapterCreation: { handler: async () => worker.handler, maxReceiveCount: 3 } },
      logger,
    });

    await queue.send('chapterCreation', { chapterId: 'c1' });
    await queue.drain();

    expect(worker.deliveries).toHaveLength(1);
    const [record] = worker.deliveries[0]!.Records;
    expect(JSON.parse(record!.body)).toEqual({ chapterId: 'c1' });
    expect(record!.eventSource).toBe('aws:sqs');
    expect(record!.attributes.ApproximateReceiveCount).toBe('1');
  });

  it('redelivers a message the worker reports as failed, counting receives', async () => {
    const worker = recordingWorker(async (event, delivery) =>
      delivery < 3 ? { batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] } : undefined,
    );
    const queue = new InProcessQueue({
      workers: { chapterCreation: { handler: async () => worker.handler, maxReceiveCount: 5 } },
      logger,
      retryDelayMs: () => 1,
    });

    await queue.send('chapterCreation', { chapterId: 'c1' });
    await queue.drain();

    expect(worker.deliveries.map((event) => event.Records[0]!.attributes.ApproximateReceiveCount)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('moves a message that keeps failing to the dead-letter log after maxReceiveCount deliveries', async () => {
    const worker = recordingWorker(async () => {
      throw new Error('worker crashed');
    });
    const queue = new InProcessQueue({
      workers: { export: { handler: async () => worker.handler, maxReceiveCount: 2 } },
      logger,
      directory,
      retryDelayMs: () => 1,
    });

    await queue.send('export', { jobId: 'j1' });
    await queue.drain();

    expect(worker.deliveries).toHaveLength(2);
    const deadLetters = (await readFile(queue.deadLetterFile!, 'utf8')).trim().split('\n');
    expect(deadLetters).toHaveLength(1);
    expect(JSON.parse(deadLetters[0]!)).toMatchObject({
      queue: 'export',
      body: JSON.stringify({ jobId: 'j1' }),
    });
  });

  it('redelivers after a restart what was still pending when it stopped', async () => {
    const stuck = recordingWorker(async (event) => ({
      batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }],
    }));
    const first = new InProcessQueue({
      workers: { chapterCreation: { handler: async () => stuck.handler, maxReceiveCount: 10 } },
      logger,
      directory,
      retryDelayMs: () => 60_000,
    });
    await first.start();
    await first.send('chapterCreation', { chapterId: 'c9' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await first.close();

    const healthy = recordingWorker(async () => undefined);
    const second = new InProcessQueue({
      workers: { chapterCreation: { handler: async () => healthy.handler, maxReceiveCount: 10 } },
      logger,
      directory,
    });
    await second.start();
    await second.drain();

    expect(healthy.deliveries).toHaveLength(1);
    expect(JSON.parse(healthy.deliveries[0]!.Records[0]!.body)).toEqual({ chapterId: 'c9' });
    await second.close();
  });

  it('refuses a message for a queue that has no worker', async () => {
    const queue = new InProcessQueue({ workers: {}, logger });

    await expect(queue.send('export', {})).rejects.toThrow(/No worker/);
  });
});
