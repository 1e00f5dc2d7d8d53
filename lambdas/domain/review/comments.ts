import type { CommentThread, CreateCommentRequest, Reply } from '../../../shared/schemas/review';
import type { TextAnchor } from '../../../shared/anchoring';
import { ConflictError, ForbiddenError } from '../../errors';
import { retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { CommentRecord, ReplyRecord } from './review-repository';
import {
  commitReviewWrite,
  inTextOrder,
  newReviewId,
  readAnchorParagraphs,
  isVisibleTo,
  newsForAuthorItems,
  readChapterReview,
  requireAnchorInChapter,
  requireChapterReview,
  requireVisibleReviewItem,
  type ReviewTarget,
} from './review-writes';
import { requireStoryAccess, type StoryAccess } from './story-access';

/**
 * Comment threads anchored in a chapter's text (issue 24 §3). They never write into the author's paragraphs:
 * an anchor is kept beside the text and found again on every read, so an open editor never conflicts with a
 * reader commenting. Each collaborator sees the threads they started (and every reply in them); the author sees
 * every thread, their own notes to self included.
 */

/** A thread's replies are deleted with it in one transaction, which bounds them. */
export const MAX_REPLIES_PER_THREAD = 90;

type CommentTarget = ReviewTarget;

function toReply(reply: ReplyRecord, userId: string): Reply {
  return {
    reply_id: reply.reply_id,
    author: { name: reply.author_name },
    body: reply.body,
    created_at: reply.created_at,
    mine: reply.author_id === userId,
  };
}

function toThread(
  comment: CommentRecord,
  replies: readonly ReplyRecord[],
  found: { state: CommentThread['state']; anchor: TextAnchor },
  access: StoryAccess,
): CommentThread {
  return {
    comment_id: comment.comment_id,
    chapter_id: comment.chapter_id,
    author: { name: comment.author_name },
    body: comment.body,
    replies: replies.map((reply) => toReply(reply, access.userId)),
    resolved: comment.resolved,
    anchor: found.anchor,
    state: found.state,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    mine: comment.author_id === access.userId,
    private:
      comment.author_id === access.ownerId && comment.participants.every((id) => id === access.ownerId),
  };
}

/** POST /api/stories/{storyId}/comments: a new thread on the selected words. */
export async function createComment(
  repositories: Repositories,
  { userId, storyId, now }: CommentTarget,
  request: CreateCommentRequest,
): Promise<CommentThread> {
  const chapterId = request.chapter_id;
  const { access, writerName } = await requireChapterReview(repositories, userId, storyId, chapterId, now);
  requireAnchorInChapter(request.anchor, await readAnchorParagraphs(repositories, chapterId));
  const comment: CommentRecord = {
    comment_id: newReviewId(),
    chapter_id: chapterId,
    author_id: userId,
    author_name: writerName,
    body: request.body,
    anchor: request.anchor,
    resolved: false,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    participants: [userId],
  };
  await commitReviewWrite(
    repositories,
    { userId, storyId, chapterId, ownerId: access.ownerId, now },
    1,
    async () => [
      ...repositories.comments.putCommentItems(storyId, comment),
      ...newsForAuthorItems(repositories, storyId, access),
    ],
  );
  return toThread(comment, [], { state: 'anchored', anchor: comment.anchor }, access);
}

/** GET /api/stories/{storyId}/comments?chapter=: the threads the caller sees, each anchored in today's text. */
export async function listComments(
  repositories: Repositories,
  { userId, storyId, now }: CommentTarget,
  chapterId: string,
): Promise<CommentThread[]> {
  const { access } = await requireChapterReview(repositories, userId, storyId, chapterId, now);
  const { comments, paragraphs } = await readChapterReview(repositories, storyId, chapterId);
  const visible = comments.filter((thread) => isVisibleTo(access, thread.comment));
  return inTextOrder(visible, (thread) => thread.comment.anchor, paragraphs).map(({ item, found }) =>
    toThread(item.comment, item.replies, found, access),
  );
}

/** A thread the caller sees, with its replies; 404 for any other. */
async function requireVisibleThread(repositories: Repositories, target: CommentTarget, commentId: string) {
  const { access, found: comment } = await requireVisibleReviewItem(repositories, target, {
    id: commentId,
    read: (chapterId) => repositories.comments.getCommentRead(target.storyId, chapterId, commentId),
    visible: isVisibleTo,
    notFound: 'No such comment.',
  });
  const thread = (await repositories.comments.readChapter(target.storyId, comment.chapter_id)).comments.find(
    (candidate) => candidate.comment.comment_id === commentId,
  );
  return { access, comment, replies: thread?.replies ?? [] };
}

/** POST …/comments/{commentId}/replies: a reply in the thread, news to everyone else in it and to the author. */
export async function replyToComment(
  repositories: Repositories,
  target: CommentTarget,
  commentId: string,
  body: string,
): Promise<Reply> {
  const { userId, storyId, now } = target;
  let thread: ReturnType<typeof requireVisibleThread> | undefined = requireVisibleThread(
    repositories,
    target,
    commentId,
  );
  const { access, comment } = await thread;
  const { writerName } = await requireChapterReview(repositories, userId, storyId, comment.chapter_id, now);
  const reply: ReplyRecord = {
    reply_id: newReviewId(),
    comment_id: commentId,
    chapter_id: comment.chapter_id,
    author_id: userId,
    author_name: writerName,
    body,
    created_at: now.toISOString(),
  };
  await commitReviewWrite(
    repositories,
    { userId, storyId, chapterId: comment.chapter_id, ownerId: access.ownerId, now },
    1,
    async () => {
      // The first attempt writes on the thread read above; a retry reads it again, as another reply changed it.
      const { comment: current, replies } = await (thread ??
        requireVisibleThread(repositories, target, commentId));
      thread = undefined;
      if (replies.length >= MAX_REPLIES_PER_THREAD) {
        throw new ConflictError('This thread is full. Start a new comment to go on.', 'thread_full');
      }
      const participants = [...new Set([...current.participants, userId])];
      const toTell = [...new Set([...current.participants, access.ownerId])].filter((id) => id !== userId);
      return [
        repositories.comments.putReplyItem(storyId, reply),
        repositories.comments.updateCommentItem(storyId, current, { participants }, current.updated_at, now),
        ...repositories.comments.addUnreadItems(storyId, toTell, 1),
      ];
    },
  );
  return toReply(reply, userId);
}

/**
 * PATCH …/comments/{commentId}: resolves or reopens the thread (its starter or the author), or edits the
 * comment's text (its writer only).
 */
export async function updateComment(
  repositories: Repositories,
  target: CommentTarget,
  commentId: string,
  change: { resolved?: boolean; body?: string },
): Promise<CommentThread> {
  return retryOnConcurrentChange(async () => {
    const { access, comment, replies } = await requireVisibleThread(repositories, target, commentId);
    if (change.body !== undefined && comment.author_id !== target.userId) {
      throw new ForbiddenError('Only its writer can edit a comment.');
    }
    await repositories.commit([
      repositories.stories.existsCondition(access.ownerId, target.storyId),
      repositories.comments.updateCommentItem(
        target.storyId,
        comment,
        change,
        comment.updated_at,
        target.now,
      ),
    ]);
    const changed: CommentRecord = {
      ...comment,
      ...(change.body === undefined ? {} : { body: change.body }),
      ...(change.resolved === undefined ? {} : { resolved: change.resolved }),
      updated_at: target.now.toISOString(),
    };
    const paragraphs = await readAnchorParagraphs(repositories, comment.chapter_id);
    const [placed] = inTextOrder([changed], (thread) => thread.anchor, paragraphs);
    return toThread(changed, replies, placed!.found, access);
  });
}

/** DELETE …/comments/{commentId}: the thread and its replies; its writer's own, or any by the author. */
export async function deleteComment(
  repositories: Repositories,
  target: CommentTarget,
  commentId: string,
): Promise<void> {
  const { access, comment, replies } = await requireVisibleThread(repositories, target, commentId);
  if (access.kind !== 'author' && comment.author_id !== target.userId) {
    throw new ForbiddenError('Only its writer or the author can delete a comment.');
  }
  await repositories.commit([
    repositories.comments.countItem(target.storyId, comment.chapter_id, -(1 + replies.length), 0),
    ...repositories.comments.deleteCommentItems(
      target.storyId,
      comment,
      replies.map((reply) => reply.reply_id),
    ),
  ]);
}

/** PUT /api/stories/{storyId}/comments/seen: the caller has seen every comment and reply of the story. */
export async function markCommentsSeen(repositories: Repositories, { userId, storyId, now }: CommentTarget) {
  await requireStoryAccess(repositories, userId, storyId, now);
  await repositories.commit([repositories.comments.markSeenItem(storyId, userId)]);
}
