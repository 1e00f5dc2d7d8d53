import { randomUUID } from 'node:crypto';
import {
  reanchor,
  type AnchorParagraph,
  type AnchorResult,
  type TextAnchor,
} from '../../../shared/anchoring';
import { paragraphText, parseParagraphChunk } from '../../../shared/paragraph-text';
import {
  COMMENT_RATE_LIMIT_MESSAGE,
  COMMENT_WRITES_PER_MINUTE,
  MAX_COMMENTS_PER_CHAPTER,
  TOO_MANY_COMMENTS_MESSAGE,
} from '../../../shared/validation';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { readChapterContent, requireReady } from '../blocks/chapter-content';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { Read, Write } from '../unit-of-work';
import { UNNAMED_PERSON } from './shares';
import { reachesChapter, requireChapterReach, requireStoryAccess, type StoryAccess } from './story-access';

/**
 * What comments, replies and suggestions share: who is writing and where, the chapter's text their anchors are
 * found in, and the one way they are committed (counted against the chapter's bound and the writer's rate).
 */

export const newReviewId = () => randomUUID();

/** Who writes or reads, on which story, when. */
export interface ReviewTarget {
  userId: string;
  storyId: string;
  now: Date;
}

/** The author sees every thread and suggestion; a collaborator those they wrote. */
export const isVisibleTo = (access: StoryAccess, item: { author_id: string }) =>
  access.kind === 'author' || item.author_id === access.userId;

/** A collaborator's new thread or suggestion is news to the author; the author's own is not. */
export function newsForAuthorItems(
  repositories: Repositories,
  storyId: string,
  access: StoryAccess,
): Write[] {
  return repositories.comments.addUnreadItems(storyId, access.kind === 'author' ? [] : [access.ownerId], 1);
}

/** The caller's access to a chapter of the story, with their name as their comments show it. */
export async function requireChapterReview(
  repositories: Repositories,
  userId: string,
  storyId: string,
  chapterId: string,
  now: Date,
): Promise<{ access: StoryAccess; writerName: string }> {
  const { access, user, chapter } = await requireStoryAccess(repositories, userId, storyId, now, {
    user: repositories.users.getRead(userId),
    chapter: repositories.chapters.getRead(storyId, chapterId),
  });
  requireChapterReach(access, chapterId);
  requireReady(chapter);
  const writerName = access.kind === 'collaborator' ? access.name : user?.name;
  return { access, writerName: writerName || UNNAMED_PERSON };
}

/** The chapter's paragraphs as anchors are found in: each block's key_id and visible text, in order. */
export async function readAnchorParagraphs(
  repositories: Repositories,
  chapterId: string,
): Promise<AnchorParagraph[]> {
  const { items } = await readChapterContent(repositories, chapterId);
  return items.flatMap((item) => {
    const paragraph = parseParagraphChunk(item.chunk.Value);
    return paragraph ? [{ key_id: item.key_id.Value, text: paragraphText(paragraph).text }] : [];
  });
}

/** The chapter's threads and suggestions, and its paragraphs to find their anchors in, read side by side. */
export async function readChapterReview(repositories: Repositories, storyId: string, chapterId: string) {
  const [review, paragraphs] = await Promise.all([
    repositories.comments.readChapter(storyId, chapterId),
    readAnchorParagraphs(repositories, chapterId),
  ]);
  return { ...review, paragraphs };
}

/**
 * A thread or suggestion the API names by id alone, with the caller's access: 404 unless it exists, the caller
 * sees it and reaches its chapter.
 */
export async function requireVisibleReviewItem<Item extends { chapter_id: string; author_id: string }>(
  repositories: Repositories,
  { userId, storyId, now }: ReviewTarget,
  item: {
    id: string;
    read: (chapterId: string) => Read<Item | undefined>;
    visible: (access: StoryAccess, found: Item) => boolean;
    notFound: string;
  },
): Promise<{ access: StoryAccess; found: Item }> {
  const chapterId = await repositories.comments.findChapterOf(storyId, item.id);
  if (!chapterId) throw new NotFoundError(item.notFound);
  const { access, found } = await requireStoryAccess(repositories, userId, storyId, now, {
    found: item.read(chapterId),
  });
  if (!found || !item.visible(access, found) || !reachesChapter(access, chapterId)) {
    throw new NotFoundError(item.notFound);
  }
  return { access, found };
}

/** A new anchor must point into a paragraph of the chapter as it stands. */
export function requireAnchorInChapter(anchor: TextAnchor, paragraphs: readonly AnchorParagraph[]): void {
  const paragraph = paragraphs.find((candidate) => candidate.key_id === anchor.key_id);
  if (!paragraph || anchor.end > paragraph.text.length) {
    throw new ValidationError('The selected text is not in this chapter. Reload it and select again.');
  }
}

/** Each anchor re-found in the chapter's current text, ordered as they sit in it (the detached last). */
export function inTextOrder<Item>(
  items: readonly Item[],
  anchorOf: (item: Item) => TextAnchor,
  paragraphs: readonly AnchorParagraph[],
): { item: Item; found: AnchorResult }[] {
  const placeOf = new Map(paragraphs.map((paragraph, place) => [paragraph.key_id, place]));
  const rank = ({ found }: { found: AnchorResult }) =>
    found.state === 'detached'
      ? [Number.MAX_SAFE_INTEGER, 0]
      : [placeOf.get(found.anchor.key_id) ?? Number.MAX_SAFE_INTEGER, found.anchor.start];
  return items
    .map((item) => ({ item, found: reanchor(anchorOf(item), paragraphs) }))
    .sort((first, second) => {
      const [firstPlace, firstStart] = rank(first);
      const [secondPlace, secondStart] = rank(second);
      return firstPlace! - secondPlace! || firstStart! - secondStart!;
    });
}

/**
 * Commits a review write: the writer's rate and the chapter's count first, so that a refusal by either is told
 * apart from another writer getting in between (which reads again and retries, as `retryOnConcurrentChange`).
 */
export async function commitReviewWrite(
  repositories: Repositories,
  context: { userId: string; storyId: string; chapterId: string; ownerId: string; now: Date },
  counted: number,
  writes: () => Promise<Write[]>,
): Promise<void> {
  await retryOnConcurrentChange(async () => {
    const guarded = [
      repositories.comments.rateItem(context.userId, context.now, COMMENT_WRITES_PER_MINUTE),
      repositories.comments.countItem(context.storyId, context.chapterId, counted, MAX_COMMENTS_PER_CHAPTER),
    ];
    try {
      await repositories.commit([
        ...guarded,
        repositories.stories.existsCondition(context.ownerId, context.storyId),
        ...(await writes()),
      ]);
    } catch (error) {
      if (error instanceof ConcurrentChangeError) {
        if (error.failedWrites.includes(0)) throw new RateLimitedError(COMMENT_RATE_LIMIT_MESSAGE);
        if (error.failedWrites.includes(1))
          throw new ConflictError(TOO_MANY_COMMENTS_MESSAGE, 'too_many_comments');
      }
      throw error;
    }
  });
}
