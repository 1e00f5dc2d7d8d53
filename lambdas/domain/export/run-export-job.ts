import { reanchor, type AnchorParagraph, type TextAnchor } from '../../../shared/anchoring';
import { paragraphText, parseParagraphChunk } from '../../../shared/paragraph-text';
import { FullStoryCursorSchema } from '../../../shared/schemas/block';
import type { Paragraph } from '../../../shared/schemas/paragraph';
import type { FullStory } from '../../../shared/schemas/story';
import { describeError } from '../../logger';
import type { DomainPorts } from '../ports';
import type { Repositories } from '../repositories';
import { getFullStory } from '../stories/full-story';
import { imageKeyOf, storyImagePrefix } from '../images/stored-images';
import { exportFileKey, type ExportJobMessage } from './export-story';
import { type CoverImage, createManuscript, type Manuscript, type ManuscriptChapter } from './manuscript';
import type { ManuscriptComment, ManuscriptSuggestion, ParagraphReview } from './manuscript-review';
import { keepPrintEdition, readPrintEdition } from './print-edition';
import { renderManuscript } from './render-manuscript';

/** The ports these operations use. */
export type RunExportJobPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

export type ExportJobOutcome = 'done' | 'failed' | 'already finished';

/**
 * The chapter's open threads and open suggestions, as the export asked, each re-found in the chapter's text as
 * it stands and kept by the index of its paragraph. Detached ones are left out: their words are gone.
 */
async function chapterReview(
  repositories: Repositories,
  storyId: string,
  chapterId: string,
  paragraphs: readonly AnchorParagraph[],
  message: ExportJobMessage,
): Promise<Map<number, ParagraphReview>> {
  const review = await repositories.comments.readChapter(storyId, chapterId);
  const byParagraph = new Map<
    number,
    { comments: ManuscriptComment[]; suggestions: ManuscriptSuggestion[] }
  >();
  const place = (anchor: TextAnchor) => {
    const found = reanchor(anchor, paragraphs);
    if (found.state === 'detached') return undefined;
    const index = paragraphs.findIndex((paragraph) => paragraph.key_id === found.anchor.key_id);
    if (!byParagraph.has(index)) byParagraph.set(index, { comments: [], suggestions: [] });
    return { marks: byParagraph.get(index)!, start: found.anchor.start, end: found.anchor.end };
  };
  if (message.include_comments) {
    for (const { comment, replies } of review.comments) {
      if (comment.resolved) continue;
      const found = place(comment.anchor);
      found?.marks.comments.push({
        start: found.start,
        end: found.end,
        author: comment.author_name,
        body: comment.body,
        date: comment.created_at,
        replies: replies.map((reply) => ({
          author: reply.author_name,
          body: reply.body,
          date: reply.created_at,
        })),
      });
    }
  }
  if (message.include_suggestions) {
    for (const suggestion of review.suggestions) {
      if (suggestion.status !== 'open') continue;
      const found = place(suggestion.anchor);
      found?.marks.suggestions.push({
        start: found.start,
        end: found.end,
        replacement: suggestion.replacement,
        author: suggestion.author_name,
        date: suggestion.created_at,
      });
    }
  }
  return byParagraph;
}

/**
 * Every page of the story's text: a page holds at most 4 MB of paragraphs, and a long novel runs onto the next,
 * the chapter a page stops in continued on it.
 */
async function readWholeStory(
  repositories: Repositories,
  userId: string,
  storyId: string,
): Promise<FullStory> {
  const first = await getFullStory(repositories, userId, storyId);
  let { next } = first;
  const byChapter = new Map(first.chapters_with_contents.map((entry) => [entry.chapter.id, entry]));
  while (next !== undefined) {
    const page = await getFullStory(repositories, userId, storyId, FullStoryCursorSchema.parse(next));
    for (const entry of page.chapters_with_contents) {
      const known = byChapter.get(entry.chapter.id);
      if (known) known.blocks.items.push(...entry.blocks.items);
      else byChapter.set(entry.chapter.id, entry);
    }
    next = page.next;
  }
  return { ...first, chapters_with_contents: [...byChapter.values()] };
}

/** The story's stored cover, when it is one of ours in a format an EPUB carries. */
async function readCover(ports: RunExportJobPorts, story: FullStory): Promise<CoverImage | undefined> {
  const key = imageKeyOf(story.image_url, storyImagePrefix(story.story_id));
  const stored = key ? await ports.blobs.get('images', key) : undefined;
  if (stored?.contentType !== 'image/jpeg' && stored?.contentType !== 'image/png') return undefined;
  return { body: stored.body, contentType: stored.contentType };
}

/**
 * The story as stored, never as a client last showed it: every ready chapter's paragraphs in order, the author's
 * name and email from their profile. A chapter still being created has nothing to export yet and is left out, as
 * is a chapter at none of the stages the author chose. Comments and suggestions come along only when asked.
 */
export async function readManuscript(
  ports: RunExportJobPorts,
  message: ExportJobMessage,
): Promise<Manuscript> {
  const { repositories } = ports;
  const [author, book] = await Promise.all([
    repositories.users.get(message.user_id),
    repositories.books.get(message.story_id),
  ]);
  const story = await readWholeStory(repositories, message.user_id, message.story_id);
  const cover = message.type === 'epub' ? await readCover(ports, story) : undefined;
  const withReview = message.include_comments === true || message.include_suggestions === true;
  const chapters: ManuscriptChapter[] = await Promise.all(
    story.chapters_with_contents
      .filter(({ chapter }) => chapter.status === 'ready')
      .filter(
        ({ chapter }) =>
          !message.stages || (chapter.stage !== null && message.stages.includes(chapter.stage)),
      )
      .map(async ({ chapter, blocks }) => {
        const stored = blocks.items.flatMap((item) => {
          const paragraph = parseParagraphChunk(item.chunk.Value);
          return paragraph ? [{ key_id: item.key_id.Value, paragraph }] : [];
        });
        const paragraphs: Paragraph[] = stored.map(({ paragraph }) => paragraph);
        if (!withReview) return { title: chapter.title, paragraphs };
        const anchorParagraphs = stored.map(({ key_id, paragraph }) => ({
          key_id,
          text: paragraphText(paragraph).text,
        }));
        const review = await chapterReview(
          repositories,
          message.story_id,
          chapter.id,
          anchorParagraphs,
          message,
        );
        return { title: chapter.title, paragraphs, review };
      }),
  );
  return createManuscript({
    storyId: message.story_id,
    title: story.title,
    authorName: author?.name ?? '',
    authorContact: author?.email ?? '',
    chapters,
    ...(book ? { book } : {}),
    ...(cover ? { cover } : {}),
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
    const read = await readManuscript(ports, message);
    const book = message.layout === 'book';
    const printEdition =
      book && message.type === 'epub' ? await readPrintEdition(ports.blobs, read) : undefined;
    const manuscript = printEdition ? { ...read, printEdition } : read;
    const rendered = await renderManuscript(manuscript, message.type, message.layout);
    fileKey = exportFileKey(message.story_id, message.job_id, rendered.extension);
    await ports.blobs.put('exports', fileKey, rendered.body, rendered.contentType);
    if (rendered.pageStarts) await keepPrintEdition(ports.blobs, manuscript, rendered.pageStarts);
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
