import { parseParagraphChunk } from '../../../shared/paragraph-text';
import type { Paragraph } from '../../../shared/schemas/paragraph';
import { describeError } from '../../logger';
import type { DomainPorts } from '../ports';
import { getFullStory } from '../stories/full-story';
import { exportFileKey, type ExportJobMessage } from './export-story';
import { createManuscript, type Manuscript, type ManuscriptChapter } from './manuscript';
import { renderManuscript } from './render-manuscript';

/** The ports these operations use. */
export type RunExportJobPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

export type ExportJobOutcome = 'done' | 'failed' | 'already finished';

/**
 * The story as stored, never as a client last showed it: every ready chapter's paragraphs in order, the author's
 * name and email from their profile. A chapter still being created has nothing to export yet and is left out, as
 * is a chapter at none of the stages the author chose.
 */
export async function readManuscript(
  ports: RunExportJobPorts,
  message: ExportJobMessage,
): Promise<Manuscript> {
  const { repositories } = ports;
  const author = await repositories.users.get(message.user_id);
  const story = await getFullStory(repositories, message.user_id, message.story_id);
  const chapters: ManuscriptChapter[] = story.chapters_with_contents
    .filter(({ chapter }) => chapter.status === 'ready')
    .filter(
      ({ chapter }) => !message.stages || (chapter.stage !== null && message.stages.includes(chapter.stage)),
    )
    .map(({ chapter, blocks }) => ({
      title: chapter.title,
      paragraphs: blocks.items
        .map((item) => parseParagraphChunk(item.chunk.Value))
        .filter((paragraph): paragraph is Paragraph => paragraph !== undefined),
    }));
  return createManuscript({
    storyId: message.story_id,
    title: story.title,
    authorName: author?.name ?? '',
    authorContact: author?.email ?? '',
    chapters,
  });
}

/**
 * The export queue's work: renders the stored story, puts the file in the exports bucket and marks the job done.
 * A job that cannot be made (its story deleted meanwhile, a renderer failing) is marked failed at once rather
 * than retried: the author is waiting on the page, and asking again is theirs to choose. Only a failure to
 * record the outcome throws, so the queue redelivers the message. A job already finished is left as it is.
 */
export async function runExportJob(
  ports: RunExportJobPorts,
  message: ExportJobMessage,
): Promise<ExportJobOutcome> {
  const { exportJobs } = ports.repositories;
  const job = await exportJobs.get(message.story_id, message.job_id);
  if (job?.status !== 'running') return 'already finished';

  let fileKey: string;
  try {
    const manuscript = await readManuscript(ports, message);
    const rendered = await renderManuscript(manuscript, message.type, message.layout);
    fileKey = exportFileKey(message.story_id, message.job_id, rendered.extension);
    await ports.blobs.put('exports', fileKey, rendered.body, rendered.contentType);
  } catch (error) {
    ports.logger.error('export could not be made', describeError(error));
    await exportJobs.finish(message.story_id, message.job_id, { status: 'failed' }, ports.now());
    return 'failed';
  }
  await exportJobs.finish(
    message.story_id,
    message.job_id,
    { status: 'done', file_key: fileKey },
    ports.now(),
  );
  return 'done';
}

/** The export queue's last delivery failed: a job still running is marked failed rather than left running. */
export async function markExportFailed(ports: RunExportJobPorts, message: ExportJobMessage): Promise<void> {
  await ports.repositories.exportJobs.finish(
    message.story_id,
    message.job_id,
    { status: 'failed' },
    ports.now(),
  );
}
