import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { InProcessQueue } from '../../local/in-process-queue';
import { createLogger } from '../../lambdas/logger';
import { type QueueName, workers } from '../../lambdas/routes';
import {
  CHAPTER_CREATION_FAILED_CODE,
  CHAPTER_CREATION_FAILED_MESSAGE,
  type Chapter,
} from '../../shared/schemas/chapter';
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

/** POST /api/stories/import of a two-chapter Markdown manuscript. */
const importTwoChapters = (author: TestBrowser) =>
  author.fetch('/api/stories/import', {
    method: 'POST',
    body: multipartForm(
      {},
      {
        bytes: Buffer.from('# One\n\nThe first chapter.\n\n# Two\n\nThe second.\n'),
        name: 'novel.md',
        type: 'text/markdown',
      },
    ),
  });

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

  it('leaves a chapter whose creation is dead-lettered failed, answers its content 409, and creates it when asked again', async () => {
    const chapters = runtime.ports.repositories.chapters;
    const markReady = chapters.markReadyItem.bind(chapters);
    let deliveries = 0;
    chapters.markReadyItem = () => {
      deliveries += 1;
      throw new Error('The table is unavailable.');
    };
    let created: Response;
    try {
      created = await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, { title: 'Doomed' });
      await runtime.queue.drain();
    } finally {
      chapters.markReadyItem = markReady;
    }
    const chapter = (await created.json()) as Chapter;
    const chapterPath = `/api/stories/${story.story_id}/chapters/${chapter.id}`;
    const contentPath = `/api/stories/${story.story_id}/content?chapter=${chapter.id}`;

    const { maxReceiveCount } = workers.find((worker) => worker.queue === 'chapterCreation')!;
    expect(deliveries).toBe(maxReceiveCount);
    expect(await (await author.fetch(chapterPath)).json()).toMatchObject({ status: 'failed' });
    const listed = (await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as {
      chapters: Chapter[];
    };
    expect(listed.chapters.find((each) => each.id === chapter.id)?.status).toBe('failed');
    const content = await author.fetch(contentPath);
    expect(content.status).toBe(409);
    expect(await content.json()).toEqual({
      error: CHAPTER_CREATION_FAILED_CODE,
      message: CHAPTER_CREATION_FAILED_MESSAGE,
    });

    const retried = await author.sendJson('POST', `${chapterPath}/retry-creation`);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id: chapter.id, status: 'creating' });
    await runtime.queue.drain();

    expect(await (await author.fetch(chapterPath)).json()).toMatchObject({ status: 'ready' });
    expect((await author.fetch(contentPath)).status).toBe(200);
    const again = await author.sendJson('POST', `${chapterPath}/retry-creation`);
    expect(await again.json()).toMatchObject({ id: chapter.id, status: 'ready' });
  });

  it('marks an export job failed when its last delivery fails, so the page polling it stops', async () => {
    const exportJobs = runtime.ports.repositories.exportJobs;
    const finish = exportJobs.finish.bind(exportJobs);
    let refusals = 0;
    const { maxReceiveCount } = workers.find((worker) => worker.queue === 'export')!;
    // Recording the outcome fails on every delivery; the last one's failure handler then records 'failed'.
    exportJobs.finish = async (...args) => {
      if (refusals < maxReceiveCount) {
        refusals += 1;
        throw new Error('The table is unavailable.');
      }
      return finish(...args);
    };

    try {
      const exported = await author.sendJson('PUT', `/api/stories/${story.story_id}/export?type=epub`, {});
      await runtime.queue.drain();
      // The export call answers the failure itself if it was recorded within its wait, else the job to poll.
      const answer = (await exported.json()) as { job_id?: string };
      const outcome = answer.job_id
        ? await (await author.fetch(`/api/stories/${story.story_id}/export/${answer.job_id}`)).json()
        : answer;

      expect(outcome).toEqual({ error: 'export_failed', message: expect.any(String) });
    } finally {
      exportJobs.finish = finish;
    }
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
      const imported = await importTwoChapters(author);
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

  it('leaves the chapters an import had not built failed once the import fails, not creating for ever', async () => {
    const chapters = runtime.ports.repositories.chapters;
    const markReady = chapters.markReadyItem.bind(chapters);
    chapters.markReadyItem = () => {
      throw new Error('The table is unavailable.');
    };

    let storyId: string;
    try {
      const imported = await importTwoChapters(author);
      expect(imported.status).toBe(202);
      storyId = ((await imported.json()) as Story).story_id;
      await runtime.queue.drain();
    } finally {
      chapters.markReadyItem = markReady;
    }

    const opened = (await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story & {
      chapters: Chapter[];
    };
    expect(opened.import).toMatchObject({ status: 'failed' });
    expect(opened.chapters.map((chapter) => [chapter.title, chapter.status])).toEqual([
      ['One', 'failed'],
      ['Two', 'failed'],
    ]);
  });
});
