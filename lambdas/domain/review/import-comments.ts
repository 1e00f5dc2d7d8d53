import { reanchor, type AnchorParagraph, type TextAnchor } from '../../../shared/anchoring';
import type { CommentImportResult } from '../../../shared/schemas/comment-import';
import { COMMENT_BODY_MAX_LENGTH, MAX_COMMENTS_PER_CHAPTER } from '../../../shared/validation';
import { listChapters } from '../chapters/chapter-list';
import { ConcurrentChangeError } from '../concurrency';
import type { Repositories } from '../repositories';
import type { CommentRecord, ReplyRecord } from './review-repository';
import { MAX_REPLIES_PER_THREAD } from './comments';
import { newReviewId, readAnchorParagraphs } from './review-writes';
import { UNNAMED_PERSON } from './shares';
import { readWordComments, type WordComment } from './word-comments';

/**
 * POST /api/stories/{storyId}/comments/import (issue 24 §5): a Word document's comments brought into the
 * author's story, each on the words it was on, under its Word author's name. The author imports them, so the
 * author may delete them; the story's text is never touched.
 */

interface PlacedThread {
  chapterId: string;
  anchor: TextAnchor;
  comment: WordComment;
  replies: WordComment[];
}

const bodyOf = (comment: WordComment) => comment.body.slice(0, COMMENT_BODY_MAX_LENGTH);

/** The first chapter, in story order, where the quote is found (the ids' paragraphs read as needed). */
async function place(
  quote: NonNullable<WordComment['quote']>,
  chapters: readonly { chapterId: string; paragraphs: () => Promise<AnchorParagraph[]> }[],
): Promise<{ chapterId: string; anchor: TextAnchor } | undefined> {
  const anchor: TextAnchor = { key_id: '', ...quote, end: quote.start + quote.exact.length };
  for (const chapter of chapters) {
    const found = reanchor(anchor, await chapter.paragraphs());
    if (found.state !== 'detached') return { chapterId: chapter.chapterId, anchor: found.anchor };
  }
  return undefined;
}

export async function importWordComments(
  repositories: Repositories,
  { userId, storyId, now }: { userId: string; storyId: string; now: Date },
  bytes: Uint8Array,
): Promise<CommentImportResult> {
  await repositories.stories.requireOwned(userId, storyId);
  const wordComments = (await readWordComments(bytes)).filter((comment) => bodyOf(comment) !== '');
  const byId = new Map(wordComments.map((comment) => [comment.id, comment]));
  // A reply whose parent is in the file goes into the parent's thread; any other comment starts one.
  const isReply = (comment: WordComment) => comment.parentId !== undefined && byId.has(comment.parentId);
  const cached = new Map<string, Promise<AnchorParagraph[]>>();
  const chapters = (await listChapters(repositories, storyId))
    .filter((chapter) => chapter.status === 'ready')
    .map((chapter) => ({
      chapterId: chapter.id,
      paragraphs: () => {
        if (!cached.has(chapter.id)) cached.set(chapter.id, readAnchorParagraphs(repositories, chapter.id));
        return cached.get(chapter.id)!;
      },
    }));

  let unplaced = 0;
  const threads: PlacedThread[] = [];
  for (const comment of wordComments.filter((candidate) => !isReply(candidate))) {
    const replies = wordComments
      .filter((candidate) => isReply(candidate) && candidate.parentId === comment.id)
      .slice(0, MAX_REPLIES_PER_THREAD);
    const found = comment.quote && (await place(comment.quote, chapters));
    if (found) threads.push({ ...found, comment, replies });
    else unplaced += 1 + replies.length;
  }

  let imported = 0;
  for (const thread of threads) {
    const stored = await storeThread(repositories, { userId, storyId, now }, thread);
    if (stored) imported += 1 + thread.replies.length;
    else unplaced += 1 + thread.replies.length;
  }
  return { imported, unplaced };
}

/**
 * One thread and its replies in one transaction, counted against the chapter's bound (no rate limit: one
 * upload is one act of the author's). False when the chapter is full.
 */
async function storeThread(
  repositories: Repositories,
  { userId, storyId, now }: { userId: string; storyId: string; now: Date },
  { chapterId, anchor, comment, replies }: PlacedThread,
): Promise<boolean> {
  const dateOf = (note: WordComment) => {
    const date = note.date ? new Date(note.date) : now;
    return Number.isNaN(date.getTime()) ? now.toISOString() : date.toISOString();
  };
  const record: CommentRecord = {
    comment_id: newReviewId(),
    chapter_id: chapterId,
    author_id: userId,
    author_name: comment.author.trim() || UNNAMED_PERSON,
    body: bodyOf(comment),
    anchor,
    resolved: false,
    created_at: dateOf(comment),
    updated_at: now.toISOString(),
    participants: [userId],
  };
  const replyRecords: ReplyRecord[] = replies.map((reply) => ({
    reply_id: newReviewId(),
    comment_id: record.comment_id,
    chapter_id: chapterId,
    author_id: userId,
    author_name: reply.author.trim() || UNNAMED_PERSON,
    body: bodyOf(reply),
    created_at: dateOf(reply),
  }));
  try {
    await repositories.commit([
      repositories.comments.countItem(storyId, chapterId, 1 + replyRecords.length, MAX_COMMENTS_PER_CHAPTER),
      repositories.stories.existsCondition(userId, storyId),
      ...repositories.comments.putCommentItems(storyId, record),
      ...replyRecords.map((reply) => repositories.comments.putReplyItem(storyId, reply)),
    ]);
  } catch (error) {
    if (error instanceof ConcurrentChangeError && error.failedWrites.includes(0)) return false;
    throw error;
  }
  return true;
}
