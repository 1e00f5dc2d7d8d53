import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { InProcessQueue } from '../../local/in-process-queue';
import { createLogger } from '../../lambdas/logger';
import { type QueueName, workers } from '../../lambdas/routes';
import type { Story } from '../../shared/schemas/story';
import { holdQueue } from '../helpers/held-queue';
import { signIn, startTestRuntime, grantSubscription, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { sqsEvent, sqsRecord } from '../helpers/sqs-event';
import { sessionCookieName } from '../../lambdas/middleware/cookies';

/**
 * Suite 7 of issue 16: queue workers under failure, on the embedded runtime's table and buckets. A message that
 * cannot be handled is retried, then dead-lettered, while the others go through; an export or import that
 * fails leaves an answer the page shows as failed.
 */

type WorkerHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

/** A well-formed message about something that does not exist, per queue: the worker has nothing to do. */
const harmlessMessages: Record<QueueName, unknown> = {
  chapterCreation: { story_id: 'no-such-story', chapter_id: 'no-such-chapter' },
  storyDeletion: { story_id: 'no-such-story' },
  export: {
    user_id: 'no-such-user',
    story_id: 'no-such-story',
    job_id: 'no-such-job',
    type: 'pdf',
    layout: 'manuscript',
  },
  storyImport: { story_id: 'no-such-story', user_id: 'no-such-user' },
  accountDeletion: { user_id: 'no-such-user' },
};

const loadWorker = async (queue: QueueName): Promise<WorkerHandler> => {
  const modulePath = workers.find((worker) => worker.queue === queue)!.handler;
  const moduleUrl = new URL(`../../lambdas/${modulePath}.ts`, import.meta.url).href;
  const module = (await import(/* @vite-ignore */ moduleUrl)) as { handler: WorkerHandler };
  return module.handler;
};

describe('queue workers under failure', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let story: Story;
  let directory: string;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'patient@example.com', 'Patient');
    await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
    story = (await (
      await author.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Queued', description: 'Later.' }),
      })
    ).json()) as Story;
    directory = await mkdtemp(path.join(os.tmpdir(), 'workers-suite-'));
  });

  afterAll(async () => {
    await runtime?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('has a harmless message for every worker of the route table', () => {
    expect(Object.keys(harmlessMessages).sort()).toEqual(workers.map((worker) => worker.queue).sort());
  });

  it.each(workers.map((worker) => worker.queue))(
    'the %s worker reports a poison message alone as failed, handling the rest of its batch',
    async (queue) => {
      const handler = await loadWorker(queue);

      const answer = await handler(
        sqsEvent(
          sqsRecord('poison', '{"not": "a message'),
          sqsRecord('fine', harmlessMessages[queue], queue),
        ),
      );

      expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'poison' }] });
    },
  );

  it('retries a poison message up to the queue’s maxReceiveCount, dead-letters it, and still creates the chapter behind it', async () => {
    const { maxReceiveCount } = workers.find((worker) => worker.queue === 'chapterCreation')!;
    const held = holdQueue(runtime);
    const created = await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, { title: 'Two' });
    const chapter = (await created.json()) as { id: string };
    const [[, chapterMessage]] = held.held.splice(0) as [[QueueName, unknown]];
    await held.release();
    let deliveries = 0;
    const handler = await loadWorker('chapterCreation');
    const queue = new InProcessQueue({
      workers: {
        chapterCreation: {
          handler: async () => async (event) => {
            deliveries += 1;
            return handler(event);
          },
          maxReceiveCount,
        },
      },
      logger: createLogger('silent'),
      directory,
      retryDelayMs: () => 5,
    });
    await queue.start();

    await queue.send('chapterCreation', 'this is not a chapter');
    await queue.send('chapterCreation', chapterMessage);
    await queue.drain();
    await queue.close();

    const deadLetters = (await readFile(queue.deadLetterFile!, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(deadLetters).toEqual([
      expect.objectContaining({
        queue: 'chapterCreation',
        body: '"this is not a chapter"',
        receiveCount: maxReceiveCount,
      }),
    ]);
    expect(deliveries).toBe(maxReceiveCount + 1);
    const content = await author.fetch(`/api/stories/${story.story_id}/content?chapter=${chapter.id}`);
    expect(content.status).toBe(200);
  });

  it('answers a failed export as export_failed, which the page shows as its Error alert', async () => {
    const blobs = runtime.ports.blobs;
    const put = blobs.put.bind(blobs);
    blobs.put = async (bucket, ...rest) => {
      if (bucket === 'exports') throw new Error('The exports bucket is unavailable.');
      return put(bucket, ...rest);
    };

    try {
      const exported = await author.sendJson('PUT', `/api/stories/${story.story_id}/export?type=docx`, {});
      await runtime.queue.drain();

      expect(exported.status).toBe(500);
      expect(await exported.json()).toEqual({ error: 'export_failed', message: expect.any(String) });
    } finally {
      blobs.put = put;
    }
  });

  it('marks an import failed once its last delivery fails, which the story card shows', async () => {
    const blobs = runtime.ports.blobs;
    const get = blobs.get.bind(blobs);
    blobs.get = async (bucket, ...rest) => {
      if (bucket === 'exports') throw new Error('The staging bucket is unavailable.');
      return get(bucket, ...rest);
    };

    try {
      const form = multipartForm(
        {},
        {
          bytes: Buffer.from('# One\n\nThe first chapter.\n\n# Two\n\nThe second.\n'),
          name: 'novel.md',
          type: 'text/markdown',
        },
      );
      const imported = await author.fetch('/api/stories/import', { method: 'POST', body: form });
      expect(imported.status).toBe(202);
      const { story_id: storyId } = (await imported.json()) as Story;
      await runtime.queue.drain();

      const stories = (await (await author.fetch('/api/stories')).json()) as Story[];
      expect(stories.find((listed) => listed.story_id === storyId)?.import).toMatchObject({
        status: 'failed',
      });
    } finally {
      blobs.get = get;
    }
  });
});
