import { describe, expect, it } from 'vitest';
import { saveBlocks } from '../../../../lambdas/domain/blocks/sync-blocks';
import { createChapter } from '../../../../lambdas/domain/chapters/create-chapter';
import { prepareChapter } from '../../../../lambdas/domain/chapters/prepare-chapter';
import {
  downloadFileStem,
  DOWNLOAD_LINK_SECONDS,
  exportStory,
  getExport,
  NO_CHAPTER_AT_STAGES_MESSAGE,
  startExport,
  type ExportJobMessage,
} from '../../../../lambdas/domain/export/export-story';
import { readManuscript, runExportJob } from '../../../../lambdas/domain/export/run-export-job';
import { createStory } from '../../../../lambdas/domain/stories/create-story';
import { deleteStory, purgeStoryContent } from '../../../../lambdas/domain/stories/delete-story';
import {
  ExportFailedError,
  NotFoundError,
  SubscriptionRequiredError,
  ValidationError,
} from '../../../../lambdas/errors';
import { createMemoryPorts } from '../../../helpers/memory-ports';
import { TEST_NOW } from '../../../helpers/ports';
import { BOLD, paragraph, run } from '../../../helpers/paragraphs';

const ONE_DAY_SECONDS = 24 * 60 * 60;
const noPause = () => Promise.resolve();

/** A subscriber (paid until tomorrow) with a one-chapter story holding two paragraphs, and a free author. */
async function subscriberWithStory() {
  const memory = createMemoryPorts();
  const { repositories } = memory.ports;
  const author = await repositories.users.findOrCreateByIdentity(
    { issuer: 'https://issuer', subject: 'ada', name: 'Ada Quill', email: 'ada@example.com' },
    TEST_NOW,
  );
  const freeAuthor = await repositories.users.findOrCreateByIdentity(
    { issuer: 'https://issuer', subject: 'bo', name: 'Bo Free' },
    TEST_NOW,
  );
  memory.state.users.set(author, {
    ...memory.state.users.get(author)!,
    subscription_id: 'sub_1',
    renewing: true,
    expires_at: String(Math.floor(TEST_NOW.getTime() / 1000) + ONE_DAY_SECONDS),
  });
  const story = await createStory(memory.ports, author, {
    title: 'The Lantern Road',
    description: '',
    series: { kind: 'standalone' },
  });
  const chapterId = story.chapters![0]!.id;
  await saveBlocks(memory.ports, author, story.story_id, chapterId, [
    { key_id: 'k1', chunk: JSON.stringify(paragraph(run('The night was '), run('cold', BOLD))), place: 0 },
    { key_id: 'k2', chunk: JSON.stringify(paragraph(run('and very still.'))), place: 1 },
  ]);
  return { ...memory, author, freeAuthor, storyId: story.story_id, chapterId };
}

/** The queue's message for the job the export call started, as the worker receives it. */
function sentMessage(queue: ReturnType<typeof createMemoryPorts>['queue']): ExportJobMessage {
  const [name, message] = queue.send.mock.calls.at(-1)!;
  expect(name).toBe('export');
  return message as ExportJobMessage;
}

describe('starting an export', () => {
  it("queues a running job for the subscriber's own story, with what the worker needs", async () => {
    const { ports, queue, state, author, storyId } = await subscriberWithStory();

    const { job } = await startExport(ports, author, storyId, { type: 'pdf', layout: 'book' });

    expect(sentMessage(queue)).toEqual({
      user_id: author,
      story_id: storyId,
      job_id: job.job_id,
      type: 'pdf',
      layout: 'book',
    });
    const stored = state.exportJobs.get(`${storyId}/${job.job_id}`)!;
    expect(stored.job.status).toBe('running');
    expect(stored.expiresAt).toEqual(new Date(TEST_NOW.getTime() + 7 * ONE_DAY_SECONDS * 1000));
  });

  it("refuses a free account with 401 and the spec's message, before looking at the story", async () => {
    const { ports, queue, freeAuthor, storyId } = await subscriberWithStory();

    const refusal = startExport(ports, freeAuthor, storyId, { type: 'pdf', layout: 'manuscript' });

    await expect(refusal).rejects.toBeInstanceOf(SubscriptionRequiredError);
    await expect(refusal).rejects.toThrow('Free accounts are unable to export their stories.');
    expect(queue.send).not.toHaveBeenCalled();
  });

  it('refuses a subscription whose paid period is over', async () => {
    const { ports, state, author, storyId } = await subscriberWithStory();
    state.users.set(author, { ...state.users.get(author)!, expires_at: String(TEST_NOW.getTime() / 1000) });

    await expect(
      startExport(ports, author, storyId, { type: 'pdf', layout: 'manuscript' }),
    ).rejects.toBeInstanceOf(SubscriptionRequiredError);
  });

  it("answers 404 for another author's story", async () => {
    const { ports, state, author, freeAuthor, storyId } = await subscriberWithStory();
    state.users.set(freeAuthor, { ...state.users.get(author)! });

    await expect(
      startExport(ports, freeAuthor, storyId, { type: 'docx', layout: 'manuscript' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('marks the job failed when the queue refuses the message', async () => {
    const { ports, queue, state, author, storyId } = await subscriberWithStory();
    queue.send.mockRejectedValueOnce(new Error('the queue is down'));

    await expect(startExport(ports, author, storyId, { type: 'pdf', layout: 'book' })).rejects.toThrow(
      'the queue is down',
    );

    expect([...state.exportJobs.values()].map((stored) => stored.job.status)).toEqual(['failed']);
  });
});

describe('the export worker', () => {
  it('renders the stored story with the author from their profile, stores the file and marks the job done', async () => {
    const { ports, queue, blobs, state, author, storyId } = await subscriberWithStory();
    const { job } = await startExport(ports, author, storyId, { type: 'epub', layout: 'manuscript' });
    const message = sentMessage(queue);

    const manuscript = await readManuscript(ports, message);
    const outcome = await runExportJob(ports, message);

    expect(manuscript).toMatchObject({
      title: 'The Lantern Road',
      authorName: 'Ada Quill',
      authorContact: 'ada@example.com',
      wordCount: 7,
      chapters: [{ title: 'Chapter 1' }],
    });
    expect(manuscript.chapters[0]!.paragraphs.map((stored) => stored.children.length)).toEqual([2, 1, 0]);
    expect(outcome).toBe('done');
    const fileKey = `exports/${storyId}/${job.job_id}.epub`;
    expect(blobs.put).toHaveBeenCalledWith(
      'exports',
      fileKey,
      expect.any(Uint8Array),
      'application/epub+zip',
    );
    expect(state.exportJobs.get(`${storyId}/${job.job_id}`)!.job).toMatchObject({
      status: 'done',
      file_key: fileKey,
    });
  });

  it('exports only the chapters at the stages chosen, and refuses a choice no chapter is at', async () => {
    const { ports, queue, author, storyId, chapterId } = await subscriberWithStory();
    const second = await createChapter(ports, author, storyId, { title: 'Unfinished' });
    await prepareChapter(ports.repositories, { story_id: storyId, chapter_id: second.id }, TEST_NOW);
    await ports.repositories.chapters.update(storyId, chapterId, { title: 'Done', stage: 'final' }, TEST_NOW);
    await ports.repositories.chapters.update(
      storyId,
      second.id,
      { title: 'Unfinished', stage: 'draft' },
      TEST_NOW,
    );

    await startExport(ports, author, storyId, { type: 'pdf', layout: 'manuscript', stages: ['final'] });
    const finalOnly = await readManuscript(ports, sentMessage(queue));
    await startExport(ports, author, storyId, { type: 'pdf', layout: 'manuscript' });
    const everything = await readManuscript(ports, sentMessage(queue));
    const refusal = startExport(ports, author, storyId, {
      type: 'pdf',
      layout: 'manuscript',
      stages: ['revised'],
    });

    expect(finalOnly.chapters.map((chapter) => chapter.title)).toEqual(['Done']);
    expect(everything.chapters.map((chapter) => chapter.title)).toEqual(['Done', 'Unfinished']);
    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toThrow(NO_CHAPTER_AT_STAGES_MESSAGE);
  });

  it('marks the job failed when the file cannot be stored, and leaves a finished job alone', async () => {
    const { ports, queue, blobs, state, author, storyId } = await subscriberWithStory();
    const { job } = await startExport(ports, author, storyId, { type: 'docx', layout: 'book' });
    blobs.put.mockRejectedValueOnce(new Error('S3 unavailable'));

    await expect(runExportJob(ports, sentMessage(queue))).resolves.toBe('failed');
    await expect(runExportJob(ports, sentMessage(queue))).resolves.toBe('already finished');

    expect(blobs.put.mock.calls.filter(([bucket]) => bucket === 'exports')).toHaveLength(1);
    expect(state.exportJobs.get(`${storyId}/${job.job_id}`)!.job.status).toBe('failed');
  });

  it('fails the job of a story deleted before the worker got to it', async () => {
    const { ports, queue, author, storyId } = await subscriberWithStory();
    await startExport(ports, author, storyId, { type: 'pdf', layout: 'manuscript' });
    const message = sentMessage(queue);
    await deleteStory(ports, author, storyId);

    await expect(runExportJob(ports, message)).resolves.toBe('failed');
  });
});

describe('waiting for the file', () => {
  it('answers a time-limited link named after the story once the worker is done', async () => {
    const { ports, queue, blobs, author, storyId } = await subscriberWithStory();
    queue.send.mockImplementationOnce(async (_name, message) => {
      await runExportJob(ports, message as ExportJobMessage);
    });

    const answer = await exportStory(
      ports,
      author,
      storyId,
      { type: 'pdf', layout: 'manuscript' },
      { pause: noPause },
    );

    expect(answer).toEqual({ url: 'https://signed.example' });
    expect(blobs.signedDownloadUrl).toHaveBeenCalledWith(
      'exports',
      expect.stringMatching(new RegExp(`^exports/${storyId}/[\\w-]+\\.pdf$`)),
      DOWNLOAD_LINK_SECONDS,
      'The Lantern Road.pdf',
    );
  });

  it('answers the job id when the worker has not finished within the wait, and the link once it has', async () => {
    const { ports, queue, author, storyId } = await subscriberWithStory();
    const pauses: number[] = [];

    const answer = await exportStory(
      ports,
      author,
      storyId,
      { type: 'docx', layout: 'manuscript' },
      { timeoutMs: 3_000, pause: async (milliseconds) => void pauses.push(milliseconds) },
    );

    const message = sentMessage(queue);
    expect(answer).toEqual({ job_id: message.job_id });
    expect(pauses.reduce((total, milliseconds) => total + milliseconds, 0)).toBe(3_000);
    await expect(getExport(ports, author, storyId, message.job_id)).resolves.toEqual({
      job_id: message.job_id,
    });
    await runExportJob(ports, message);
    await expect(getExport(ports, author, storyId, message.job_id)).resolves.toEqual({
      url: 'https://signed.example',
    });
  });

  it('answers an ExportFailedError for a failed job', async () => {
    const { ports, queue, blobs, author, storyId } = await subscriberWithStory();
    blobs.put.mockRejectedValueOnce(new Error('S3 unavailable'));
    queue.send.mockImplementationOnce(async (_name, message) => {
      await runExportJob(ports, message as ExportJobMessage);
    });

    await expect(
      exportStory(ports, author, storyId, { type: 'pdf', layout: 'book' }, { pause: noPause }),
    ).rejects.toBeInstanceOf(ExportFailedError);
  });

  it("answers 404 for a job that is not the caller's", async () => {
    const { ports, queue, author, freeAuthor, storyId } = await subscriberWithStory();
    await startExport(ports, author, storyId, { type: 'pdf', layout: 'book' });
    const { job_id: jobId } = sentMessage(queue);

    await expect(getExport(ports, freeAuthor, storyId, jobId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getExport(ports, author, storyId, 'no-such-job')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('names the file after the story, in characters every system accepts', () => {
    expect(downloadFileStem('Crème / Brûlée: "a novel"?')).toBe('Creme Brulee a novel');
    expect(downloadFileStem('///')).toBe('story');
  });
});

describe("deleting a story's content", () => {
  it('deletes its export jobs and files', async () => {
    const { ports, state, blobs, author, storyId } = await subscriberWithStory();
    await startExport(ports, author, storyId, { type: 'pdf', layout: 'book' });

    await purgeStoryContent(ports, storyId);

    expect(state.exportJobs.size).toBe(0);
    expect(blobs.deletePrefix).toHaveBeenCalledWith('exports', `exports/${storyId}/`);
  });
});
