/** Issue 25 §2: an association's facts, which become true in a chapter and stand until replaced. */
import { queryOptions } from '@tanstack/react-query';
import { AssociationSchema } from '../../../shared/schemas/associations';
import {
  FactSchema,
  StoryFactsSchema,
  type Fact,
  type FactChanges,
  type NewFact,
} from '../../../shared/schemas/facts';
import { api } from '../lib/api-client';
import { associationKeys } from './associations';
import { apiPaths } from './api-paths';

export const factKeys = {
  storyAll: (storyId: string) => [...associationKeys.list(storyId), 'facts'] as const,
  story: (storyId: string, chapterId: string) => [...factKeys.storyAll(storyId), chapterId] as const,
  all: (storyId: string, associationId: string) =>
    [...associationKeys.detail(storyId, associationId), 'facts'] as const,
  asOf: (storyId: string, associationId: string, chapterId: string | null) =>
    [...factKeys.all(storyId, associationId), chapterId ?? 'all'] as const,
};

/**
 * GET /api/stories/{storyId}/associations/{associationId}[?as_of=]: the facts alone, in story order, or those
 * standing at the chapter (null: all of them).
 */
export async function getFacts(
  storyId: string,
  associationId: string,
  asOf: string | null,
  signal?: AbortSignal,
): Promise<Fact[]> {
  const response = await api.get(apiPaths.association(storyId, associationId), {
    query: { as_of: asOf ?? undefined },
    background: true,
    signal,
  });
  return AssociationSchema.parse(response).facts ?? [];
}

export const factsQuery = (storyId: string, associationId: string, asOf: string | null) =>
  queryOptions({
    queryKey: factKeys.asOf(storyId, associationId, asOf),
    queryFn: ({ signal }) => getFacts(storyId, associationId, asOf, signal),
  });

export async function createFact(storyId: string, associationId: string, fact: NewFact): Promise<Fact> {
  return FactSchema.parse(await api.post(apiPaths.associationFacts(storyId, associationId), fact));
}

export async function updateFact(
  storyId: string,
  associationId: string,
  factId: string,
  changes: FactChanges,
): Promise<Fact> {
  return FactSchema.parse(await api.patch(apiPaths.associationFact(storyId, associationId, factId), changes));
}

export async function deleteFact(storyId: string, associationId: string, factId: string): Promise<void> {
  await api.delete(apiPaths.associationFact(storyId, associationId, factId));
}

/** GET /api/stories/{storyId}/facts?as_of=: every association's facts standing at the chapter (the Story Bible). */
export const storyFactsQuery = (storyId: string, chapterId: string) =>
  queryOptions({
    queryKey: factKeys.story(storyId, chapterId),
    queryFn: async ({ signal }) =>
      StoryFactsSchema.parse(
        await api.get(apiPaths.storyFacts(storyId), {
          query: { as_of: chapterId },
          background: true,
          signal,
        }),
      ).facts,
  });
