import type { AnchorResult } from '../../../shared/anchoring';
import {
  SUGGESTION_OUTDATED_MESSAGE,
  type CreateSuggestionRequest,
  type Suggestion,
} from '../../../shared/schemas/review';
import { ConflictError } from '../../errors';
import { ConcurrentChangeError } from '../concurrency';
import type { Repositories } from '../repositories';
import type { SuggestionRecord } from './review-repository';
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
import { requireAuthor, requireEditor } from './story-access';

/**
 * An editor's proposed changes (issue 24 §4), kept beside the text like comments. The author accepts one by
 * making the change in their own editor (saved by the normal autosave) and records the decision here; a
 * suggestion whose words changed since it was made is outdated and cannot be accepted blind.
 */

type SuggestionTarget = ReviewTarget;

/** The words it replaces are no longer what the editor saw: gone, or changed. */
const isOutdated = (suggestion: SuggestionRecord, found: AnchorResult) =>
  found.state === 'detached' || found.anchor.exact !== suggestion.anchor.exact;

function toSuggestion(suggestion: SuggestionRecord, found: AnchorResult, userId: string): Suggestion {
  return {
    suggestion_id: suggestion.suggestion_id,
    chapter_id: suggestion.chapter_id,
    author: { name: suggestion.author_name },
    anchor: found.anchor,
    replacement: suggestion.replacement,
    status: suggestion.status,
    state: found.state,
    outdated: isOutdated(suggestion, found),
    created_at: suggestion.created_at,
    mine: suggestion.author_id === userId,
  };
}

/** POST /api/stories/{storyId}/suggestions: an editor's (or the author's) proposed change of a range. */
export async function createSuggestion(
  repositories: Repositories,
  { userId, storyId, now }: SuggestionTarget,
  request: CreateSuggestionRequest,
): Promise<Suggestion> {
  const chapterId = request.chapter_id;
  const { access, writerName } = await requireChapterReview(repositories, userId, storyId, chapterId, now);
  requireEditor(access);
  requireAnchorInChapter(request.anchor, await readAnchorParagraphs(repositories, chapterId));
  const suggestion: SuggestionRecord = {
    suggestion_id: newReviewId(),
    chapter_id: chapterId,
    author_id: userId,
    author_name: writerName,
    anchor: request.anchor,
    replacement: request.replacement,
    status: 'open',
    created_at: now.toISOString(),
  };
  await commitReviewWrite(
    repositories,
    { userId, storyId, chapterId, ownerId: access.ownerId, now },
    1,
    async () => [
      ...repositories.comments.putSuggestionItems(storyId, suggestion),
      ...newsForAuthorItems(repositories, storyId, access),
    ],
  );
  return toSuggestion(suggestion, { state: 'anchored', anchor: suggestion.anchor }, userId);
}

/** GET /api/stories/{storyId}/suggestions?chapter=: every suggestion the caller sees, anchored in today's text. */
export async function listSuggestions(
  repositories: Repositories,
  { userId, storyId, now }: SuggestionTarget,
  chapterId: string,
): Promise<Suggestion[]> {
  const { access } = await requireChapterReview(repositories, userId, storyId, chapterId, now);
  const { suggestions, paragraphs } = await readChapterReview(repositories, storyId, chapterId);
  const visible = suggestions.filter((suggestion) => isVisibleTo(access, suggestion));
  return inTextOrder(visible, (suggestion) => suggestion.anchor, paragraphs).map(({ item, found }) =>
    toSuggestion(item, found, userId),
  );
}

/**
 * POST /api/stories/{storyId}/suggestions/{suggestionId}/accept|reject: the author's decision. Accepting an
 * outdated suggestion, or deciding one already decided, is refused (409).
 */
export async function decideSuggestion(
  repositories: Repositories,
  { userId, storyId, now }: SuggestionTarget,
  suggestionId: string,
  decision: 'accept' | 'reject',
): Promise<Suggestion> {
  const { access, found: suggestion } = await requireVisibleReviewItem(
    repositories,
    { userId, storyId, now },
    {
      id: suggestionId,
      read: (chapterId) => repositories.comments.getSuggestionRead(storyId, chapterId, suggestionId),
      visible: isVisibleTo,
      notFound: 'No such suggestion.',
    },
  );
  requireAuthor(access);
  if (suggestion.status !== 'open') {
    throw new ConflictError(`This suggestion was already ${suggestion.status}.`, 'suggestion_decided');
  }
  const [found] = inTextOrder(
    [suggestion],
    (item) => item.anchor,
    await readAnchorParagraphs(repositories, suggestion.chapter_id),
  );
  if (decision === 'accept' && isOutdated(suggestion, found!.found)) {
    throw new ConflictError(SUGGESTION_OUTDATED_MESSAGE, 'suggestion_outdated');
  }
  const status = decision === 'accept' ? 'accepted' : 'rejected';
  try {
    await repositories.commit([repositories.comments.decideSuggestionItem(storyId, suggestion, status, now)]);
  } catch (error) {
    if (error instanceof ConcurrentChangeError) {
      throw new ConflictError('This suggestion was decided meanwhile.', 'suggestion_decided');
    }
    throw error;
  }
  return toSuggestion({ ...suggestion, status, decided_at: now.toISOString() }, found!.found, userId);
}
