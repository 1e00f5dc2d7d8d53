/** The story bible's calls (issue 13), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import {
  AssociationAppearancesSchema,
  RenameAssociationResponseSchema,
  type AssociationAppearances,
  type RenameAssociationRequest,
  type RenameAssociationResponse,
} from '../../../shared/schemas/story-bible';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const storyBibleKeys = {
  all: (storyId: string) => ['story-bible', storyId] as const,
  appearances: (storyId: string, associationId: string) =>
    [...storyBibleKeys.all(storyId), 'appearances', associationId] as const,
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
