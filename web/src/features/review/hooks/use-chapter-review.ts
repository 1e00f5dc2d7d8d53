import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { commentsQuery, suggestionsQuery } from '../../../api/review';
import type { ReviewMark } from '../../../editor/plugins/review-plugin';

/** How often the open chapter's comments are read again while the workspace is open. */
const REVIEW_REFRESH_MS = 60_000;

/**
 * The open chapter's comment threads and suggestions, and the marks the editor paints for the open ones: the
 * workspace reads them once for the editor and the comments panel alike.
 */
export function useChapterReview(storyId: string, chapterId: string | undefined) {
  const enabled = chapterId !== undefined;
  const threads = useQuery({
    ...commentsQuery(storyId, chapterId ?? ''),
    enabled,
    refetchInterval: REVIEW_REFRESH_MS,
  });
  const suggestions = useQuery({
    ...suggestionsQuery(storyId, chapterId ?? ''),
    enabled,
    refetchInterval: REVIEW_REFRESH_MS,
  });
  const marks = useMemo<ReviewMark[]>(
    () => [
      ...(threads.data ?? [])
        .filter((thread) => !thread.resolved && thread.state !== 'detached')
        .map((thread) => ({ id: thread.comment_id, kind: 'comment' as const, anchor: thread.anchor })),
      ...(suggestions.data ?? [])
        .filter((suggestion) => suggestion.status === 'open' && suggestion.state !== 'detached')
        .map((suggestion) => ({
          id: suggestion.suggestion_id,
          kind: 'suggestion' as const,
          anchor: suggestion.anchor,
          replacement: suggestion.replacement,
        })),
    ],
    [threads.data, suggestions.data],
  );
  return { threads: threads.data ?? [], suggestions: suggestions.data ?? [], marks };
}
