/** The story bible's calls (issue 13), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import {
  AssociationAppearancesSchema,
  ElementSuggestionsSchema,
  MentionGridSchema,
  RenameAssociationResponseSchema,
  type AssociationAppearances,
  type ElementSuggestions,
  type MentionGrid,
  type RenameAssociationRequest,
  type RenameAssociationResponse,
} from '../../../shared/schemas/story-bible';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const storyBibleKeys = {
  all: (storyId: string) => ['story-bible', storyId] as const,
  appearances: (storyId: string, associationId: string) =>
    [...storyBibleKeys.all(storyId), 'appearances', associationId] as const,
  suggestions: (storyId: string) => [...storyBibleKeys.all(storyId), 'suggestions'] as const,
  mentionGrid: (storyId: string) => [...storyBibleKeys.all(storyId), 'mention-grid'] as const,
};

/**
 * GET /api/stories/{storyId}/associations/{associationId}/appearances: the chapters that mention it. In the
 * background: the panel shows its own loading state.
 */
export async function getAppearances(
  storyId: string,
  associationId: string,
  signal?: AbortSignal,
): Promise<AssociationAppearances> {
  const response = await api.get(apiPaths.associationAppearances(storyId, associationId), {
    background: true,
    signal,
  });
  return AssociationAppearancesSchema.parse(response);
}

export const appearancesQuery = (storyId: string, associationId: string) =>
  queryOptions({
    queryKey: storyBibleKeys.appearances(storyId, associationId),
    queryFn: ({ signal }) => getAppearances(storyId, associationId, signal),
  });

/**
 * POST /api/stories/{storyId}/associations/{associationId}/rename: the new name and, with `replace_in_text`,
 * every mention of the old name in the stored text. Answers the association and what was replaced.
 */
export async function renameAssociation(
  storyId: string,
  associationId: string,
  request: RenameAssociationRequest,
): Promise<RenameAssociationResponse> {
  const response = await api.post(apiPaths.associationRename(storyId, associationId), request);
  return RenameAssociationResponseSchema.parse(response);
}

/** GET /api/stories/{storyId}/associations/suggestions: names the story repeats that are no association yet. */
export async function getElementSuggestions(
  storyId: string,
  signal?: AbortSignal,
): Promise<ElementSuggestions> {
  return ElementSuggestionsSchema.parse(await api.get(apiPaths.elementSuggestions(storyId), { signal }));
}

export const elementSuggestionsQuery = (storyId: string) =>
  queryOptions({
    queryKey: storyBibleKeys.suggestions(storyId),
    queryFn: ({ signal }) => getElementSuggestions(storyId, signal),
  });

/** GET /api/stories/{storyId}/associations/mentions: every association's mentions per chapter. */
export async function getMentionGrid(storyId: string, signal?: AbortSignal): Promise<MentionGrid> {
  return MentionGridSchema.parse(await api.get(apiPaths.mentionGrid(storyId), { signal }));
}

export const mentionGridQuery = (storyId: string) =>
  queryOptions({
    queryKey: storyBibleKeys.mentionGrid(storyId),
    queryFn: ({ signal }) => getMentionGrid(storyId, signal),
  });
