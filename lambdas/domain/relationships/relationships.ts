import { randomUUID } from 'node:crypto';
import { countSharedParagraphs } from '../../../shared/association-appearances';
import { pairKey, relationshipsAsOf } from '../../../shared/relationships';
import {
  MAX_RELATIONSHIPS_PER_STORY,
  MIN_SHARED_PARAGRAPHS_FOR_SUGGESTION,
  type CreateRelationshipRequest,
  type Relationship,
  type RelationshipList,
  type RelationshipSuggestionList,
  type UpdateRelationshipRequest,
} from '../../../shared/schemas/relationships';
import { CHAPTER_NOT_IN_STORY_MESSAGE } from '../../../shared/validation';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { readStoryAssociations, type ScopedAssociation } from '../associations/story-associations';
import { requirePremium } from '../billing/premium';
import { retryOnConcurrentChange } from '../concurrency';
import type { DomainPorts } from '../ports';
import { readSearchableStoryText } from '../story-bible/story-text';
import type { StoredRelationships } from './relationship-repository';

export type RelationshipPorts = Pick<DomainPorts, 'repositories' | 'now'>;

export interface RelationshipScope {
  userId: string;
  storyId: string;
}

/** The 401 a free (or lapsed) account gets from every relationship call: the map is premium (issue 25). */
export const RELATIONSHIPS_PREMIUM_MESSAGE = 'The relationship map is only available to subscribers.';

/** Issue 25 §3: the suggestions a map shows at most, most shared paragraphs first. */
export const MAX_RELATIONSHIP_SUGGESTIONS = 20;

const UNKNOWN_ASSOCIATION_MESSAGE = 'Both ends of a relationship must be associations of this story.';

async function requireRelationshipAccess(ports: RelationshipPorts, userId: string): Promise<void> {
  requirePremium(await ports.repositories.users.get(userId), ports.now(), RELATIONSHIPS_PREMIUM_MESSAGE);
}

/**
 * What every relationship call reads, after the premium and ownership checks: the associations the story sees
 * (a series-shared one included), its chapters' places and its relationships. A relationship one of whose
 * associations has since been deleted (or unshared) is left out here, so no answer names it, and it is dropped
 * from storage by the story's next relationship write.
 */
async function readRelationships(ports: RelationshipPorts, scope: RelationshipScope) {
  await requireRelationshipAccess(ports, scope.userId);
  const { repositories } = ports;
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const [associations, stored, { index }] = await Promise.all([
    readStoryAssociations(repositories.associations, story),
    repositories.relationships.get(scope.storyId),
    repositories.chapters.listWithIndex(scope.storyId),
  ]);
  return withLiveRelationships(associations, stored, index.chapter_ids);
}

function withLiveRelationships(
  associations: ScopedAssociation[],
  stored: StoredRelationships,
  chapterIds: readonly string[],
) {
  const associationIds = new Set(associations.map(({ record }) => record.association_id));
  const live = stored.relationships.filter(
    (relationship) => associationIds.has(relationship.from) && associationIds.has(relationship.to),
  );
  const chapterPlaces = new Map(chapterIds.map((chapterId, place) => [chapterId, place]));
  return { associations, associationIds, stored, live, chapterPlaces };
}

function requireChapter(chapterPlaces: ReadonlyMap<string, number>, chapterId: string | null | undefined) {
  if (chapterId && !chapterPlaces.has(chapterId)) {
    throw new ValidationError(CHAPTER_NOT_IN_STORY_MESSAGE, { chapter_id: chapterId });
  }
}

/** One entry per pair per starting chapter, so what stands at a chapter never depends on a tie. */
function requireNoTwin(live: readonly Relationship[], candidate: Relationship): void {
  const twin = live.find(
    (relationship) =>
      relationship.relationship_id !== candidate.relationship_id &&
      pairKey(relationship) === pairKey(candidate) &&
      relationship.from_chapter_id === candidate.from_chapter_id,
  );
  if (twin) {
    throw new ConflictError(
      'These two already have a relationship from this chapter. Change that one instead.',
      'relationship_exists',
    );
  }
}

/** Reads, lets `change` decide the new list from the live one, and writes it if nothing changed meanwhile. */
function changeRelationships<T>(
  ports: RelationshipPorts,
  scope: RelationshipScope,
  change: (read: Awaited<ReturnType<typeof readRelationships>>) => {
    relationships: Relationship[];
    answer: T;
  },
): Promise<T> {
  const { repositories } = ports;
  return retryOnConcurrentChange(async () => {
    const read = await readRelationships(ports, scope);
    const { relationships, answer } = change(read);
    await repositories.commit([
      repositories.stories.existsCondition(scope.userId, scope.storyId),
      repositories.relationships.saveItem(scope.storyId, read.stored, relationships, ports.now()),
    ]);
    return answer;
  });
}

/** GET …/relationships: every entry in the order made, or with `as_of` those standing at that chapter. */
export async function listRelationships(
  ports: RelationshipPorts,
  scope: RelationshipScope,
  asOf: string | undefined,
): Promise<RelationshipList> {
  const { live, chapterPlaces } = await readRelationships(ports, scope);
  if (asOf === undefined) return { relationships: live };
  requireChapter(chapterPlaces, asOf);
  return { relationships: relationshipsAsOf(live, chapterPlaces, chapterPlaces.get(asOf)!) };
}

/** POST …/relationships: a relationship between two of the story's associations, from a chapter on. */
export function createRelationship(
  ports: RelationshipPorts,
  scope: RelationshipScope,
  request: CreateRelationshipRequest,
): Promise<Relationship> {
  const now = ports.now().toISOString();
  const relationship: Relationship = {
    relationship_id: randomUUID(),
    from: request.from,
    to: request.to,
    label: request.label,
    reverse_label: request.reverse_label ?? null,
    from_chapter_id: request.from_chapter_id ?? null,
    ended: request.ended ?? false,
    created_at: now,
    updated_at: now,
  };
  return changeRelationships(ports, scope, ({ associationIds, live, chapterPlaces }) => {
    if (!associationIds.has(request.from) || !associationIds.has(request.to)) {
      throw new ValidationError(UNKNOWN_ASSOCIATION_MESSAGE);
    }
    requireChapter(chapterPlaces, request.from_chapter_id);
    requireNoTwin(live, relationship);
    if (live.length >= MAX_RELATIONSHIPS_PER_STORY) {
      throw new ConflictError(
        `A story keeps at most ${MAX_RELATIONSHIPS_PER_STORY} relationships. Delete one to add another.`,
        'too_many_relationships',
      );
    }
    return { relationships: [...live, relationship], answer: relationship };
  });
}

function requireRelationship(live: readonly Relationship[], relationshipId: string): Relationship {
  const found = live.find((relationship) => relationship.relationship_id === relationshipId);
  if (!found) throw new NotFoundError('This relationship does not exist.');
  return found;
}

/** PATCH …/relationships/{relationshipId}: its labels, its chapter or whether it ends the relationship. */
export function updateRelationship(
  ports: RelationshipPorts,
  scope: RelationshipScope,
  relationshipId: string,
  changes: UpdateRelationshipRequest,
): Promise<Relationship> {
  return changeRelationships(ports, scope, ({ live, chapterPlaces }) => {
    const found = requireRelationship(live, relationshipId);
    requireChapter(chapterPlaces, changes.from_chapter_id);
    const updated: Relationship = {
      ...found,
      ...(changes.label === undefined ? {} : { label: changes.label }),
      ...(changes.reverse_label === undefined ? {} : { reverse_label: changes.reverse_label }),
      ...(changes.from_chapter_id === undefined ? {} : { from_chapter_id: changes.from_chapter_id }),
      ...(changes.ended === undefined ? {} : { ended: changes.ended }),
      updated_at: ports.now().toISOString(),
    };
    requireNoTwin(live, updated);
    return {
      relationships: live.map((relationship) => (relationship === found ? updated : relationship)),
      answer: updated,
    };
  });
}

/** DELETE …/relationships/{relationshipId}: that entry only; the pair's other chapters' entries stay. */
export async function deleteRelationship(
  ports: RelationshipPorts,
  scope: RelationshipScope,
  relationshipId: string,
): Promise<void> {
  await changeRelationships(ports, scope, ({ live }) => {
    const found = requireRelationship(live, relationshipId);
    return { relationships: live.filter((relationship) => relationship !== found), answer: undefined };
  });
}

/**
 * GET …/relationships/suggestions: pairs of characters named together in at least
 * MIN_SHARED_PARAGRAPHS_FOR_SUGGESTION paragraphs, counted on the bible's cached text with the editor's
 * matcher, leaving out pairs that have a relationship at any chapter.
 */
export async function suggestRelationships(
  ports: RelationshipPorts,
  scope: RelationshipScope,
): Promise<RelationshipSuggestionList> {
  await requireRelationshipAccess(ports, scope.userId);
  const { repositories } = ports;
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  // The text is read beside the relationships rather than after them: the text is most of the wait.
  const [associations, stored, chapters] = await Promise.all([
    readStoryAssociations(repositories.associations, story),
    repositories.relationships.get(scope.storyId),
    readSearchableStoryText(repositories, scope.storyId),
  ]);
  const { live } = withLiveRelationships(
    associations,
    stored,
    chapters.map((chapter) => chapter.chapter_id),
  );
  const records = associations.map(({ record }) => record);
  const characterIds = new Set(
    records
      .filter((record) => record.association_type === 'character')
      .map((record) => record.association_id),
  );
  const related = new Set(live.map(pairKey));
  const suggestions = countSharedParagraphs(chapters, records, characterIds)
    .filter((pair) => pair.count >= MIN_SHARED_PARAGRAPHS_FOR_SUGGESTION && !related.has(pairKey(pair)))
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_RELATIONSHIP_SUGGESTIONS);
  return { suggestions };
}
