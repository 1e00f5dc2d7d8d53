/** Issue 25 §2: an association's facts, which become true in a chapter and stand until replaced. */
import { queryOptions } from '@tanstack/react-query';
import { AssociationSchema } from '../../../shared/schemas/associations';
import {
  type DerivedFact,
  FactSchema,
  StoryFactsSchema,
  type Fact,
  type FactChanges,
  type NewFact,
  factLabelKey,
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

/** Facts as they stand at a chapter: those written, and those worked out there (an 'Age' from 'Born'). */
export interface StandingFacts {
  facts: Fact[];
  derived: DerivedFact[];
}

/**
 * GET /api/stories/{storyId}/associations/{associationId}[?as_of=]: the facts alone, in story order, or those
 * standing at the chapter (null: all of them, and none worked out).
 */
export async function getFacts(
  storyId: string,
  associationId: string,
  asOf: string | null,
  signal?: AbortSignal,
): Promise<StandingFacts> {
  const response = await api.get(apiPaths.association(storyId, associationId), {
    query: { as_of: asOf ?? undefined },
    background: true,
    signal,
  });
  const association = AssociationSchema.parse(response);
  return { facts: association.facts ?? [], derived: association.derived_facts ?? [] };
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

/**
 * GET /api/stories/{storyId}/facts?as_of=: every association's facts standing at the chapter (the Story Bible,
 * the mention tooltips).
 */
export const storyFactsQuery = (storyId: string, chapterId: string) =>
  queryOptions({
    queryKey: factKeys.story(storyId, chapterId),
    queryFn: async ({ signal }): Promise<StandingFacts> =>
      StoryFactsSchema.parse(
        await api.get(apiPaths.storyFacts(storyId), {
          query: { as_of: chapterId },
          background: true,
          signal,
        }),
      ),
  });

/** A fact as the pages show it: written, or worked out ('Age' from 'Born'), which a written one of its label hides. */
export interface ShownFact {
  key: string;
  association_id: string;
  label: string;
  value: string;
  workedOut: boolean;
}

export function factsToShow({ facts, derived }: StandingFacts, associationId?: string): ShownFact[] {
  const ofAssociation = <T extends { association_id: string }>(items: readonly T[]) =>
    associationId === undefined ? items : items.filter((item) => item.association_id === associationId);
  const written = ofAssociation(facts).map((fact) => ({
    key: fact.fact_id,
    association_id: fact.association_id,
    label: fact.label,
    value: fact.value,
    workedOut: false,
  }));
  const writtenLabels = new Set(written.map((fact) => `${fact.association_id} ${factLabelKey(fact.label)}`));
  const workedOut = ofAssociation(derived)
    .filter((fact) => !writtenLabels.has(`${fact.association_id} ${factLabelKey(fact.label)}`))
    .map((fact) => ({
      key: `${fact.from_fact_id} ${fact.label}`,
      association_id: fact.association_id,
      label: fact.label,
      value: fact.value,
      workedOut: true,
    }));
  return [...written, ...workedOut];
}
