import { reanchor, type AnchorParagraph, type TextAnchor } from '../../../shared/anchoring';
import type { CommentImportResult } from '../../../shared/schemas/comment-import';
import { COMMENT_BODY_MAX_LENGTH, MAX_COMMENTS_PER_CHAPTER } from '../../../shared/validation';
import { listChapters } from '../chapters/chapter-list';
import { ConcurrentChangeError } from '../concurrency';
import type { Repositories } from '../repositories';
import type { Write } from '../unit-of-work';
import type { ChapterReview, CommentRecord, ReplyRecord } from './review-repository';
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

  // A thread already in the story (the same writer, words and text: a file exported from here and sent back)
  // gains only the replies it lacks, so importing a file twice brings nothing twice.
  const reviews = new Map<string, Promise<ChapterReview>>();
  const reviewOf = (chapterId: string) => {
    if (!reviews.has(chapterId))
      reviews.set(chapterId, repositories.comments.readChapter(storyId, chapterId));
    return reviews.get(chapterId)!;
  };
  let imported = 0;
  for (const thread of threads) {
    const existing = (await reviewOf(thread.chapterId)).comments.find(
      ({ comment }) =>
        comment.author_name === nameOf(thread.comment) &&
        comment.body === bodyOf(thread.comment) &&
        comment.anchor.exact === thread.comment.quote!.exact,
    );
    const replies = existing
      ? thread.replies
          .filter(
            (reply) =>
              !existing.replies.some(
                (old) => old.author_name === nameOf(reply) && old.body === bodyOf(reply),
              ),
          )
          .slice(0, MAX_REPLIES_PER_THREAD - existing.replies.length)
      : thread.replies;
    const stored = existing
      ? await storeReplies(repositories, { userId, storyId, now }, existing.comment, replies)
      : await storeThread(repositories, { userId, storyId, now }, { ...thread, replies });
    if (stored) imported += (existing ? 0 : 1) + replies.length;
    else unplaced += (existing ? 0 : 1) + replies.length;
  }
  return { imported, unplaced };
}

const nameOf = (note: WordComment) => note.author.trim() || UNNAMED_PERSON;

function dateOf(note: WordComment, now: Date): string {
  const date = note.date ? new Date(note.date) : now;
  return Number.isNaN(date.getTime()) ? now.toISOString() : date.toISOString();
}

function replyRecords(userId: string, comment: CommentRecord, replies: readonly WordComment[], now: Date) {
  return replies.map((reply): ReplyRecord => ({
    reply_id: newReviewId(),
    comment_id: comment.comment_id,
    chapter_id: comment.chapter_id,
    author_id: userId,
    author_name: nameOf(reply),
    body: bodyOf(reply),
    created_at: dateOf(reply, now),
  }));
}

/**
 * Writes counted against the chapter's bound in one transaction (no rate limit: one upload is one act of the
 * author's). False when the chapter is full.
 */
async function commitCounted(
  repositories: Repositories,
  { userId, storyId, chapterId }: { userId: string; storyId: string; chapterId: string },
  count: number,
  writes: Write[],
): Promise<boolean> {
  if (count === 0) return true;
  try {
    await repositories.commit([
      repositories.comments.countItem(storyId, chapterId, count, MAX_COMMENTS_PER_CHAPTER),
      repositories.stories.existsCondition(userId, storyId),
      ...writes,
    ]);
  } catch (error) {
    if (error instanceof ConcurrentChangeError && error.failedWrites.includes(0)) return false;
    throw error;
  }
  return true;
}

/** One new thread and its replies. */
function storeThread(
  repositories: Repositories,
  { userId, storyId, now }: { userId: string; storyId: string; now: Date },
  { chapterId, anchor, comment, replies }: PlacedThread,
): Promise<boolean> {
  const record: CommentRecord = {
    comment_id: newReviewId(),
    chapter_id: chapterId,
    author_id: userId,
    author_name: nameOf(comment),
    body: bodyOf(comment),
    anchor,
    resolved: false,
    created_at: dateOf(comment, now),
    updated_at: now.toISOString(),
    participants: [userId],
  };
  const records = replyRecords(userId, record, replies, now);
  return commitCounted(repositories, { userId, storyId, chapterId }, 1 + records.length, [
    ...repositories.comments.putCommentItems(storyId, record),
    ...records.map((reply) => repositories.comments.putReplyItem(storyId, reply)),
  ]);
}

/** New replies in a thread already in the story; its collaborators are told, as of any reply. */
function storeReplies(
  repositories: Repositories,
  { userId, storyId, now }: { userId: string; storyId: string; now: Date },
  comment: CommentRecord,
  replies: readonly WordComment[],
): Promise<boolean> {
  const records = replyRecords(userId, comment, replies, now);
  const toTell = comment.participants.filter((id) => id !== userId);
  return commitCounted(repositories, { userId, storyId, chapterId: comment.chapter_id }, records.length, [
    // Also the guard that the thread is still there, unchanged since it was read.
    repositories.comments.updateCommentItem(storyId, comment, {}, comment.updated_at, now),
    ...records.map((reply) => repositories.comments.putReplyItem(storyId, reply)),
    ...repositories.comments.addUnreadItems(storyId, toTell, records.length),
  ]);
}
