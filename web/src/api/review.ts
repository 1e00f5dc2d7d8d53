/** Sharing, reading positions, comments and suggestions (issue 24), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import {
  CommentThreadSchema,
  JoinShareResponseSchema,
  ReadingPositionSchema,
  ReplySchema,
  SharedStorySchema,
  ShareSchema,
  SuggestionSchema,
  type CommentThread,
  type CreateShareRequest,
  type JoinShareResponse,
  type ReadingPosition,
  type Reply,
  type Share,
  type SharedStory,
  type Suggestion,
} from '../../../shared/schemas/review';
import type { TextAnchor } from '../../../shared/anchoring';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const reviewKeys = {
  shares: (storyId: string) => ['shares', storyId] as const,
  sharedWithMe: ['shared-with-me'] as const,
  readingPositions: (storyId: string) => ['reading-positions', storyId] as const,
  comments: (storyId: string, chapterId: string) => ['comments', storyId, chapterId] as const,
  suggestions: (storyId: string, chapterId: string) => ['suggestions', storyId, chapterId] as const,
};

export async function createShare(storyId: string, request: CreateShareRequest): Promise<Share> {
  return ShareSchema.parse(await api.post(apiPaths.shares(storyId), request));
}

export const sharesQuery = (storyId: string) =>
  queryOptions({
    queryKey: reviewKeys.shares(storyId),
    queryFn: async ({ signal }) =>
      z.array(ShareSchema).parse(await api.get(apiPaths.shares(storyId), { background: true, signal })),
  });

export async function revokeShare(storyId: string, shareId: string): Promise<void> {
  await api.delete(apiPaths.share(storyId, shareId));
}

export async function joinShare(shareId: string): Promise<JoinShareResponse> {
  return JoinShareResponseSchema.parse(await api.post(apiPaths.joinShare(shareId)));
}

export const sharedWithMeQuery = () =>
  queryOptions({
    queryKey: reviewKeys.sharedWithMe,
    queryFn: async ({ signal }): Promise<SharedStory[]> =>
      z.array(SharedStorySchema).parse(await api.get(apiPaths.sharedWithMe, { background: true, signal })),
  });

export async function saveReadingPosition(storyId: string, chapterId: string, keyId: string): Promise<void> {
  await api.put(
    apiPaths.readingPosition(storyId),
    { chapter_id: chapterId, key_id: keyId },
    { background: true },
  );
}

export const readingPositionsQuery = (storyId: string) =>
  queryOptions({
    queryKey: reviewKeys.readingPositions(storyId),
    queryFn: async ({ signal }): Promise<ReadingPosition[]> =>
      z
        .array(ReadingPositionSchema)
        .parse(await api.get(apiPaths.readingPositions(storyId), { background: true, signal })),
  });

export const commentsQuery = (storyId: string, chapterId: string) =>
  queryOptions({
    queryKey: reviewKeys.comments(storyId, chapterId),
    queryFn: async ({ signal }): Promise<CommentThread[]> =>
      z.array(CommentThreadSchema).parse(
        await api.get(apiPaths.comments(storyId), {
          query: { chapter: chapterId },
          background: true,
          signal,
          keepOffline: { storyId },
        }),
      ),
  });

export async function createComment(
  storyId: string,
  request: { chapter_id: string; anchor: TextAnchor; body: string },
): Promise<CommentThread> {
  return CommentThreadSchema.parse(await api.post(apiPaths.comments(storyId), request));
}

export async function replyToComment(storyId: string, commentId: string, body: string): Promise<Reply> {
  return ReplySchema.parse(await api.post(apiPaths.commentReplies(storyId, commentId), { body }));
}

export async function updateComment(
  storyId: string,
  commentId: string,
  change: { resolved?: boolean; body?: string },
): Promise<CommentThread> {
  return CommentThreadSchema.parse(await api.patch(apiPaths.comment(storyId, commentId), change));
}

export async function deleteComment(storyId: string, commentId: string): Promise<void> {
  await api.delete(apiPaths.comment(storyId, commentId));
}

export async function markCommentsSeen(storyId: string): Promise<void> {
  await api.put(apiPaths.commentsSeen(storyId), undefined, { background: true });
}

export const suggestionsQuery = (storyId: string, chapterId: string) =>
  queryOptions({
    queryKey: reviewKeys.suggestions(storyId, chapterId),
    queryFn: async ({ signal }): Promise<Suggestion[]> =>
      z.array(SuggestionSchema).parse(
        await api.get(apiPaths.suggestions(storyId), {
          query: { chapter: chapterId },
          background: true,
          signal,
          keepOffline: { storyId },
        }),
      ),
  });

export async function createSuggestion(
  storyId: string,
  request: { chapter_id: string; anchor: TextAnchor; replacement: string },
): Promise<Suggestion> {
  return SuggestionSchema.parse(await api.post(apiPaths.suggestions(storyId), request));
}

export async function decideSuggestion(
  storyId: string,
  suggestionId: string,
  decision: 'accept' | 'reject',
): Promise<Suggestion> {
  return SuggestionSchema.parse(await api.post(apiPaths.suggestionDecision(storyId, suggestionId, decision)));
}
