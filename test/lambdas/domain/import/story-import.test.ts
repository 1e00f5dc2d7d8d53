import type { SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { usePorts } from '../../../../lambdas/composition';
import { buildImportedStory } from '../../../../lambdas/domain/import/build-imported-story';
import { importStory } from '../../../../lambdas/domain/import/import-story';
import type { StoryImportMessage } from '../../../../lambdas/domain/import/staged-manuscript';
import type { Write } from '../../../../lambdas/domain/unit-of-work';
import type { StoredBlob } from '../../../../lambdas/domain/ports';
import { handler } from '../../../../lambdas/workers/story-import-worker';
import { createMemoryPorts } from '../../../helpers/memory-ports';
import { sqsEvent, sqsRecord } from '../../../helpers/sqs-event';

const AUTHOR = 'author-1';
const MANUSCRIPT = 'Chapter 1\n\nOnce upon a time.\n\nChapter 2\n\nThe end.\n';

/** Memory ports whose blob store keeps what it is given, as S3 would. */
function portsWithBlobs() {
  const memory = createMemoryPorts();
  const stored = new Map<string, StoredBlob>();
  memory.blobs.put.mockImplementation(async (bucket, key, body, contentType) => {
    stored.set(`${bucket}/${key}`, { body, contentType });
  });
  memory.blobs.get.mockImplementation(async (bucket, key) => stored.get(`${bucket}/${key}`));
  memory.blobs.delete.mockImplementation(async (bucket, keys) => {
    for (const key of keys) stored.delete(`${bucket}/${key}`);
  });
  return { ...memory, stored };
}

async function importText(memory: ReturnType<typeof portsWithBlobs>, text = MANUSCRIPT) {
  const story = await importStory(memory.ports, AUTHOR, {
    file: { fileName: 'draft.txt', bytes: new TextEncoder().encode(text) },
    series: { kind: 'standalone' },
  });
  const message: StoryImportMessage = { story_id: story.story_id, user_id: AUTHOR };
  return { story, message };
}

const storyRecord = (memory: ReturnType<typeof portsWithBlobs>, storyId: string) =>
  memory.state.stories.get(`${AUTHOR}/${storyId}`);

describe('importing a story', () => {
  afterEach(() => {
    usePorts(undefined);
  });

  it('builds every chapter ready with its paragraphs, clears the import status and discards the staged file', async () => {
    const memory = portsWithBlobs();
    const { story, message } = await importText(memory);

    const outcome = await buildImportedStory(memory.ports, message);

    expect(outcome).toBe('built');
    expect(storyRecord(memory, story.story_id)?.import).toBeUndefined();
    const chapters = [...memory.state.chapters.values()];
    expect(chapters.map((chapter) => [chapter.title, chapter.status])).toEqual([
      ['Chapter 1', 'ready'],
      ['Chapter 2', 'ready'],
    ]);
    for (const chapter of chapters) {
      expect(memory.state.blockOrders.get(chapter.chapter_id)?.key_ids).toHaveLength(1);
    }
    expect([...memory.stored.keys()].filter((key) => key.startsWith('exports/'))).toEqual([]);
  });

  it('carries on where a failed delivery stopped, with the progress it had reached and no paragraph twice', async () => {
    const memory = portsWithBlobs();
    const { story, message } = await importText(memory);
    const commit = memory.ports.repositories.commit.bind(memory.ports.repositories);
    let commits = 0;
    // The second chapter's last transaction fails once (commits: chapters, ch. 1 blocks, ch. 1 ready, ch. 2 blocks, …).
    memory.ports.repositories.commit = async (writes: readonly Write[]) => {
      commits += 1;
      if (commits === 5) throw new Error('DynamoDB is unavailable');
      return commit(writes);
    };

    await expect(buildImportedStory(memory.ports, message)).rejects.toThrow('DynamoDB is unavailable');
    const progressAfterFailure = storyRecord(memory, story.story_id)?.import;
    const outcome = await buildImportedStory(memory.ports, message);

    expect(progressAfterFailure).toEqual({ status: 'importing', chapters_done: 1, chapters_total: 2 });
    expect(outcome).toBe('built');
    expect([...memory.state.chapters.values()].map((chapter) => chapter.status)).toEqual(['ready', 'ready']);
    const blockCounts = [...memory.state.chapters.values()].map(
      (chapter) => memory.state.blocks.get(chapter.chapter_id)?.size,
    );
    expect(blockCounts).toEqual([1, 1]);
  });

  it('marks the import failed when the staged manuscript is gone', async () => {
    const memory = portsWithBlobs();
    const { story, message } = await importText(memory);
    memory.stored.clear();

    const outcome = await buildImportedStory(memory.ports, message);

    expect(outcome).toBe('failed');
    expect(storyRecord(memory, story.story_id)?.import).toEqual({
      status: 'failed',
      chapters_done: 0,
      chapters_total: 2,
    });
  });

  it('does nothing for a story deleted before the worker ran, and discards its staged manuscript', async () => {
    const memory = portsWithBlobs();
    const { story, message } = await importText(memory);
    memory.state.stories.delete(`${AUTHOR}/${story.story_id}`);

    const outcome = await buildImportedStory(memory.ports, message);

    expect(outcome).toBe('nothing to do');
    expect(memory.state.chapters.size).toBe(0);
    expect([...memory.stored.keys()].filter((key) => key.startsWith('exports/'))).toEqual([]);
  });

  it('takes the story back out when the queue refuses the message', async () => {
    const memory = portsWithBlobs();
    memory.queue.send.mockImplementation(async (queue) => {
      if (queue === 'storyImport') throw new Error('SQS is unavailable');
    });

    await expect(importText(memory)).rejects.toThrow('SQS is unavailable');

    expect(memory.state.stories.size).toBe(0);
    expect([...memory.stored.keys()].filter((key) => key.startsWith('exports/'))).toEqual([]);
  });

  it('stores nothing for a refused file', async () => {
    const memory = portsWithBlobs();

    await expect(importText(memory, '   \n')).rejects.toMatchObject({ status: 400 });

    expect(memory.state.stories.size).toBe(0);
    expect(memory.stored.size).toBe(0);
  });

  it('leaves the story marked failed when the last delivery fails, and not before', async () => {
    const memory = portsWithBlobs();
    const { story, message } = await importText(memory);
    memory.ports.repositories.chapters.listWithIndex = async () => {
      throw new Error('DynamoDB is unavailable');
    };
    usePorts(memory.ports);
    const delivery = (receiveCount: number): SQSRecord => {
      const record = sqsRecord(`m${receiveCount}`, message, 'story-import');
      return {
        ...record,
        attributes: { ...record.attributes, ApproximateReceiveCount: String(receiveCount) },
      };
    };

    await handler(sqsEvent(delivery(1)));
    const afterFirst = storyRecord(memory, story.story_id)?.import?.status;
    const result = await handler(sqsEvent(delivery(3)));

    expect(afterFirst).toBe('importing');
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm3' }]);
    expect(storyRecord(memory, story.story_id)?.import?.status).toBe('failed');
  });
});
