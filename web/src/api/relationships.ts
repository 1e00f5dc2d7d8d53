/** The relationship map's calls (issue 25 §3), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import {
  RelationshipListSchema,
  RelationshipSchema,
  RelationshipSuggestionListSchema,
  type CreateRelationshipRequest,
  type Relationship,
  type RelationshipList,
  type RelationshipSuggestionList,
  type UpdateRelationshipRequest,
} from '../../../shared/schemas/relationships';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const relationshipKeys = {
  all: (storyId: string) => ['relationships', storyId] as const,
  list: (storyId: string) => [...relationshipKeys.all(storyId), 'list'] as const,
  suggestions: (storyId: string) => [...relationshipKeys.all(storyId), 'suggestions'] as const,
};

/** GET /api/stories/{storyId}/relationships: every entry, which the map's slider replays chapter by chapter. */
export async function getRelationships(storyId: string, signal?: AbortSignal): Promise<RelationshipList> {
  return RelationshipListSchema.parse(await api.get(apiPaths.relationships(storyId), { signal }));
}

export const relationshipsQuery = (storyId: string) =>
  queryOptions({
    queryKey: relationshipKeys.list(storyId),
    queryFn: ({ signal }) => getRelationships(storyId, signal),
  });

/** GET /api/stories/{storyId}/relationships/suggestions: characters often named in the same paragraphs. */
export async function getRelationshipSuggestions(
  storyId: string,
  signal?: AbortSignal,
): Promise<RelationshipSuggestionList> {
  const response = await api.get(apiPaths.relationshipSuggestions(storyId), { background: true, signal });
  return RelationshipSuggestionListSchema.parse(response);
}

export const relationshipSuggestionsQuery = (storyId: string) =>
  queryOptions({
    queryKey: relationshipKeys.suggestions(storyId),
    queryFn: ({ signal }) => getRelationshipSuggestions(storyId, signal),
  });

/** POST /api/stories/{storyId}/relationships. */
export async function createRelationship(
  storyId: string,
  request: CreateRelationshipRequest,
): Promise<Relationship> {
  return RelationshipSchema.parse(await api.post(apiPaths.relationships(storyId), request));
}

/** PATCH /api/stories/{storyId}/relationships/{relationshipId}. */
export async function updateRelationship(
  storyId: string,
  relationshipId: string,
  changes: UpdateRelationshipRequest,
): Promise<Relationship> {
  return RelationshipSchema.parse(await api.patch(apiPaths.relationship(storyId, relationshipId), changes));
}

/** DELETE /api/stories/{storyId}/relationships/{relationshipId}. */
export async function deleteRelationship(storyId: string, relationshipId: string): Promise<void> {
  await api.delete(apiPaths.relationship(storyId, relationshipId));
}
