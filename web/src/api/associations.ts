/** The association calls of spec §7, under the story they belong to, each answer parsed with the shared schema. */
import {
  AssociationListSchema,
  AssociationSchema,
  PortraitUploadResponseSchema,
  type Association,
  type AssociationChanges,
  type AssociationListItem,
  type AssociationType,
  type CreateAssociationsRequest,
  type DeleteAssociationsRequest,
  type UpdateAssociationRequest,
} from '../../../shared/schemas/associations';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';
import { multipart } from './multipart';

export const associationKeys = {
  all: ['associations'] as const,
  list: (storyId: string) => ['associations', storyId] as const,
  detail: (storyId: string, associationId: string) => ['associations', storyId, associationId] as const,
};

export const associationsQuery = (storyId: string) =>
  queryOptions({
    queryKey: associationKeys.list(storyId),
    queryFn: ({ signal }) => getAssociations(storyId, signal),
  });

/** One association with its details, read afresh whenever asked for (another window may have changed it). */
export const associationQuery = (storyId: string, associationId: string) =>
  queryOptions({
    queryKey: associationKeys.detail(storyId, associationId),
    queryFn: ({ signal }) => getAssociation(storyId, associationId, signal),
  });

/** GET /api/stories/{id}/associations/thumbs: the story's associations; 404 is an empty list (spec §8). */
export async function getAssociations(storyId: string, signal?: AbortSignal): Promise<AssociationListItem[]> {
  try {
    // In the background: the manuscript is usable without them, and the editor highlights once they arrive.
    const response = await api.get(apiPaths.associationThumbs(storyId), {
      background: true,
      signal,
      keepOffline: { storyId },
    });
    return AssociationListSchema.parse(response);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * GET /api/stories/{storyId}/associations/{associationId}: one association with its details. In the
 * background: the panel shows its own loading state rather than covering the page.
 */
export async function getAssociation(
  storyId: string,
  associationId: string,
  signal?: AbortSignal,
): Promise<Association> {
  const response = await api.get(apiPaths.association(storyId, associationId), {
    background: true,
    signal,
    keepOffline: { storyId },
  });
  return AssociationSchema.parse(response);
}

/**
 * POST /api/stories/{storyId}/associations with one association (the body is a list, spec §7). The server
 * fills in the rest (case-sensitive by default, the type's default portrait) and answers the created list.
 */
export async function createAssociation(
  storyId: string,
  name: string,
  type: AssociationType,
): Promise<Association> {
  const body: CreateAssociationsRequest = [{ association_name: name, association_type: type }];
  const [created] = AssociationSchema.array()
    .length(1)
    .parse(await api.post(apiPaths.associations(storyId), body));
  return created!;
}

/**
 * PUT /api/stories/{storyId}/associations with a list of one (spec §7): the fields given replace the stored
 * ones. Answers the association as stored.
 */
export async function updateAssociation(
  storyId: string,
  changes: AssociationChanges,
  options: { keepalive?: boolean } = {},
): Promise<Association> {
  const body: UpdateAssociationRequest = [changes];
  const response = await api.put(apiPaths.associations(storyId), body, {
    background: true,
    keepalive: options.keepalive ?? false,
  });
  const [stored] = AssociationSchema.array().length(1).parse(response);
  return stored!;
}

/**
 * POST .../associations/{associationId}/share or .../unshare (issue 13 §4): the association becomes shared with
 * every volume of the story's series, or the story's own again. Answers it with its new `scope`.
 */
export async function setAssociationSharing(
  storyId: string,
  associationId: string,
  shared: boolean,
): Promise<Association> {
  const path = apiPaths.associationSharing(storyId, associationId, shared ? 'share' : 'unshare');
  return AssociationSchema.parse(await api.post(path));
}

/** DELETE /api/stories/{storyId}/associations with a list of one (spec §7); the server answers 204. */
export async function deleteAssociation(storyId: string, associationId: string): Promise<void> {
  const body: DeleteAssociationsRequest = [{ association_id: associationId }];
  await api.delete(apiPaths.associations(storyId), body);
}

/**
 * PUT /api/stories/{storyId}/associations/{associationId}/upload?type=…, multipart with the single field
 * `file` (spec §7). Answers the new portrait's URL, whose date parameter defeats caches.
 */
export async function uploadPortrait(
  storyId: string,
  associationId: string,
  type: AssociationType,
  file: File,
): Promise<string> {
  const response = await api.put(apiPaths.portraitUpload(storyId, associationId), multipart({}, file), {
    query: { type },
  });
  return PortraitUploadResponseSchema.parse(response).url;
}
