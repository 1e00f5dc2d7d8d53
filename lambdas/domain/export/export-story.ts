import { randomUUID } from 'node:crypto';
import type { ChapterStage } from '../../../shared/schemas/chapter';
import type { ExportAnswer } from '../../../shared/schemas/export';
import { ExportFailedError, NotFoundError, ValidationError } from '../../errors';
import { pause } from '../../retry';
import type { DomainPorts } from '../ports';
import { requirePremium } from '../billing/premium';
import { listChapters } from '../chapters/chapter-list';
import type { ExportJobRecord } from './export-job-repository';
import type { ExportLayout, ExportType } from './manuscript';

/** The ports these operations use. */
export type ExportStoryPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'queue' | 'now'>;

/** Spec §8's 'Insufficient subscription' text, also the 401's message. */
export const EXPORT_REQUIRES_SUBSCRIPTION = 'Free accounts are unable to export their stories.';

/**
 * How long PUT /api/stories/{id}/export waits for the worker before answering 202 with the job's id. It stays
 * under the route Lambda's 10 s timeout; a novel's PDF takes ≈ 2.5 s to render, so most exports answer their
 * link at once.
 */
export const EXPORT_WAIT_MS = 8_000;
/** How long a download link works; the page asks for a fresh one by polling the job. */
export const DOWNLOAD_LINK_SECONDS = 60 * 60;
/** Jobs and their files are kept a week (the exports bucket's lifecycle rule expires the files likewise). */
export const EXPORT_RETENTION_DAYS = 7;

/** The export queue's message: everything the worker needs to find the stored story and its author. */
export interface ExportJobMessage {
  user_id: string;
  story_id: string;
  job_id: string;
  type: ExportType;
  layout: ExportLayout;
  /** Only the chapters at these stages are exported; every chapter when left out. */
  stages?: ChapterStage[];
  /** DOCX only: the story's comment threads as Word comments (issue 24 §5). */
  include_comments?: boolean;
  /** DOCX only: the open suggestions as tracked changes. */
  include_suggestions?: boolean;
}

/** What the author asks for: the format, the layout and, optionally, the stages to keep and the review to add. */
export type ExportChoice = Pick<
  ExportJobMessage,
  'type' | 'layout' | 'stages' | 'include_comments' | 'include_suggestions'
>;

export const NO_CHAPTER_AT_STAGES_MESSAGE = 'No chapter is at the stage chosen for the export.';

/** Where a story's exports are kept in the exports bucket; the story-deletion cascade empties the prefix. */
export const storyExportPrefix = (storyId: string) => `exports/${storyId}/`;
export const exportFileKey = (storyId: string, jobId: string, type: ExportType) =>
  `${storyExportPrefix(storyId)}${jobId}.${type}`;

/**
 * PUT /api/stories/{id}/export, first half: a subscriber's own story gets an export job ('running') and the
 * worker is asked to make the file. The subscription is checked before the story, so a free account learns
 * nothing of stories that are not its own. Should the queue refuse the message, the job is marked failed.
 */
export async function startExport(
  ports: ExportStoryPorts,
  userId: string,
  storyId: string,
  request: ExportChoice,
): Promise<{ job: ExportJobRecord; storyTitle: string }> {
  const { repositories } = ports;
  const now = ports.now();
  requirePremium(await repositories.users.get(userId), now, EXPORT_REQUIRES_SUBSCRIPTION);
  const story = await repositories.stories.requireOwned(userId, storyId);
  const { stages } = request;
  // Said at once rather than as an empty file: the author picked a stage none of their chapters has yet.
  if (stages) {
    const chapters = await listChapters(repositories, storyId);
    if (!chapters.some((chapter) => chapter.stage && stages.includes(chapter.stage))) {
      throw new ValidationError(NO_CHAPTER_AT_STAGES_MESSAGE);
    }
  }

  const job: ExportJobRecord = {
    job_id: randomUUID(),
    story_id: storyId,
    type: request.type,
    layout: request.layout,
    status: 'running',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const expiresAt = new Date(now.getTime() + EXPORT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await repositories.exportJobs.create(job, expiresAt);

  const message: ExportJobMessage = { user_id: userId, ...request, story_id: storyId, job_id: job.job_id };
  try {
    await ports.queue.send('export', message);
  } catch (error) {
    await repositories.exportJobs.finish(storyId, job.job_id, { status: 'failed' }, ports.now());
    throw error;
  }
  return { job, storyTitle: story.title };
}

/** A done job's answer: a fresh time-limited link naming the file after the story. */
async function downloadLink(
  ports: ExportStoryPorts,
  job: ExportJobRecord,
  title: string,
): Promise<ExportAnswer> {
  if (!job.file_key) throw new ExportFailedError();
  const url = await ports.blobs.signedDownloadUrl(
    'exports',
    job.file_key,
    DOWNLOAD_LINK_SECONDS,
    `${downloadFileStem(title)}.${job.type}`,
  );
  return { url };
}

/** The story's title as a file name any system accepts ('story' when nothing of it is left). */
export function downloadFileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, 80)
    .trim();
  return stem || 'story';
}

/** The job as an answer: its link once done, its id while running; a failed job is an ExportFailedError. */
async function answerFor(
  ports: ExportStoryPorts,
  job: ExportJobRecord,
  title: string,
): Promise<ExportAnswer | undefined> {
  if (job.status === 'done') return downloadLink(ports, job, title);
  if (job.status === 'failed') throw new ExportFailedError();
  return undefined;
}

export interface WaitOptions {
  /** How long to wait for the worker (EXPORT_WAIT_MS unless a test says otherwise). */
  timeoutMs?: number;
  /** Waits between reads of the job; tests replace it. */
  pause?: (milliseconds: number) => Promise<void>;
}

/** The waits between reads of the job: 200 ms, growing to 1 s, the last cut to end the wait (≈ 12 reads over 8 s). */
function* pollDelays(timeoutMs: number): Generator<number> {
  let waited = 0;
  for (let delay = 200; waited < timeoutMs; delay = Math.min(delay * 1.5, 1_000)) {
    const cut = Math.min(delay, timeoutMs - waited);
    waited += cut;
    yield cut;
  }
}

/**
 * PUT /api/stories/{id}/export, second half: reads the job until the worker finishes it or the wait is over.
 * Answers the link, or (still running) the job's id for the page to poll.
 */
export async function awaitExport(
  ports: ExportStoryPorts,
  job: ExportJobRecord,
  title: string,
  options: WaitOptions = {},
): Promise<ExportAnswer> {
  const wait = options.pause ?? pause;
  for (const delay of pollDelays(options.timeoutMs ?? EXPORT_WAIT_MS)) {
    await wait(delay);
    const current = await ports.repositories.exportJobs.get(job.story_id, job.job_id);
    if (!current) throw new NotFoundError('No such export.');
    const answer = await answerFor(ports, current, title);
    if (answer) return answer;
  }
  return { job_id: job.job_id };
}

/** PUT /api/stories/{id}/export: starts the job and waits a bounded time for its file. */
export async function exportStory(
  ports: ExportStoryPorts,
  userId: string,
  storyId: string,
  request: ExportChoice,
  options: WaitOptions = {},
): Promise<ExportAnswer> {
  const { job, storyTitle } = await startExport(ports, userId, storyId, request);
  return awaitExport(ports, job, storyTitle, options);
}

/** GET /api/stories/{id}/export/{jobId}: the caller's own export, answered as the export call answers. */
export async function getExport(
  ports: ExportStoryPorts,
  userId: string,
  storyId: string,
  jobId: string,
): Promise<ExportAnswer> {
  const story = await ports.repositories.stories.requireOwned(userId, storyId);
  const job = await ports.repositories.exportJobs.get(storyId, jobId);
  if (!job) throw new NotFoundError('No such export.');
  return (await answerFor(ports, job, story.title)) ?? { job_id: jobId };
}
