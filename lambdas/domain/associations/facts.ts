import { randomUUID } from 'node:crypto';
import {
  type DerivedFact,
  type Fact,
  type FactChanges,
  factLabelKey,
  type NewFact,
  type StoryFacts,
} from '../../../shared/schemas/facts';
import { ageOn } from '../../../shared/story-calendar';
import {
  CHAPTER_NOT_IN_STORY_MESSAGE,
  MAX_FACTS_PER_ASSOCIATION,
  TOO_MANY_FACTS_MESSAGE,
} from '../../../shared/validation';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { listChapters, orderedChapters } from '../chapters/chapter-list';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { StoryRecord } from '../stories/story-repository';
import { placeInStoryTime } from '../story-time/chapter-times';
import { readCalendarHome } from '../story-time/story-calendar';
import type { AssociationHome } from './association-repository';
import type { FactRecord } from './fact-repository';
import { readStoryAssociations, requireAssociation, type ScopedAssociation } from './story-associations';

/**
 * Issue 25 §2, facts that change as the story goes. A fact starts from a chapter of the story it is written in
 * and stands until a fact of the same label (case and spaces aside) from a later chapter replaces it. Chapters
 * are in story order: a series' volumes in the series' order, each volume's chapters by place.
 */

export interface FactScope {
  userId: string;
  storyId: string;
  associationId: string;
  now: Date;
}

function toFact(record: FactRecord): Fact {
  return {
    fact_id: record.fact_id,
    association_id: record.association_id,
    label: record.label,
    value: record.value,
    from_chapter_id: record.from_chapter_id,
    from_story_id: record.story_id,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** The story and the association as it sees it; 404 for another author's story or an association not in it. */
async function requireFactHome(repositories: Repositories, scope: Omit<FactScope, 'now'>) {
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  return requireAssociation(repositories.associations, story, scope.associationId);
}

/** The stories whose facts about the association count: the series' volumes for a shared one, else the story. */
async function storiesOfAssociation(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
  home: AssociationHome,
): Promise<string[]> {
  if (!('seriesId' in home)) return [story.story_id];
  const series = await repositories.series.get(userId, home.seriesId);
  return series?.story_ids.includes(story.story_id) ? series.story_ids : [story.story_id];
}

/** Each chapter's place in story order across those stories: [story's position, chapter's place]. */
async function chapterOrder(
  repositories: Repositories,
  storyIds: readonly string[],
): Promise<Map<string, readonly [number, number]>> {
  const chapterLists = await Promise.all(storyIds.map((storyId) => listChapters(repositories, storyId)));
  return new Map(
    chapterLists.flatMap((chapters, storyPosition) =>
      chapters.map((chapter) => [chapter.id, [storyPosition, chapter.place] as const]),
    ),
  );
}

const compareOrder = (left: readonly [number, number], right: readonly [number, number]) =>
  left[0] - right[0] || left[1] - right[1];

type ChapterOrder = ReadonlyMap<string, readonly [number, number]>;
interface PlacedFact {
  fact: FactRecord;
  at: readonly [number, number];
}

/** Facts in story order (oldest first among those of one chapter); those of a chapter since deleted drop out. */
function placeFacts(facts: readonly FactRecord[], order: ChapterOrder): PlacedFact[] {
  return facts
    .flatMap((fact) => {
      const at = order.get(fact.from_chapter_id);
      return at ? [{ fact, at }] : [];
    })
    .sort(
      (left, right) =>
        compareOrder(left.at, right.at) || left.fact.created_at.localeCompare(right.fact.created_at),
    );
}

/** The facts standing at a chapter: the latest of each association's label at or before it. */
function standingAt(placed: readonly PlacedFact[], until: readonly [number, number]): Fact[] {
  const standing = new Map<string, FactRecord>();
  for (const { fact, at } of placed) {
    if (compareOrder(at, until) <= 0)
      standing.set(`${fact.association_id} ${factLabelKey(fact.label)}`, fact);
  }
  return [...standing.values()].map(toFact);
}

/** Every fact in story order, or with `asOf` those standing at that chapter (400 for a chapter not placed). */
function inStoryOrder(facts: readonly FactRecord[], order: ChapterOrder, asOf: string | undefined): Fact[] {
  const placed = placeFacts(facts, order);
  if (asOf === undefined) return placed.map(({ fact }) => toFact(fact));
  const until = order.get(asOf);
  if (!until) throw new ValidationError(CHAPTER_NOT_IN_STORY_MESSAGE);
  return standingAt(placed, until);
}

const BORN_LABEL = factLabelKey('Born');

/**
 * Each 'Age' the standing 'Born' facts give at a chapter of the story with a story time (its own or the one it
 * follows), in the story's calendar. Nothing is read unless a 'Born' fact stands.
 */
async function deriveAges(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
  asOf: string,
  standing: readonly Fact[],
): Promise<DerivedFact[]> {
  const births = standing.filter((fact) => factLabelKey(fact.label) === BORN_LABEL);
  if (births.length === 0) return [];
  const [{ chapters, index }, calendar] = await Promise.all([
    repositories.chapters.listWithIndex(story.story_id),
    readCalendarHome(repositories, userId, story),
  ]);
  const inOrder = orderedChapters(chapters, index);
  const times = new Map(chapters.map((chapter) => [chapter.chapter_id, chapter.story_time]));
  const placed = placeInStoryTime(
    calendar.rules,
    inOrder.map((chapter) => times.get(chapter.id)),
  );
  const on = placed[inOrder.findIndex((chapter) => chapter.id === asOf)]?.start;
  if (!on) return [];
  return births.flatMap((born) => {
    const age = ageOn(calendar.rules, born.value, on);
    return age === undefined
      ? []
      : [
          {
            association_id: born.association_id,
            label: 'Age',
            value: String(age),
            from_fact_id: born.fact_id,
          },
        ];
  });
}

/** One association's facts (GET of the association): see `inStoryOrder`; `as_of` a dated chapter, its age too. */
export async function readFacts(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
  association: ScopedAssociation,
  asOf: string | undefined,
): Promise<{ facts: Fact[]; derived_facts?: DerivedFact[] }> {
  const associationId = association.record.association_id;
  const storyIds = await storiesOfAssociation(repositories, userId, story, association.home);
  const [order, factLists] = await Promise.all([
    chapterOrder(repositories, storyIds),
    Promise.all(storyIds.map((storyId) => repositories.facts.list(storyId, associationId))),
  ]);
  const facts = inStoryOrder(factLists.flat(), order, asOf);
  if (asOf === undefined) return { facts };
  return { facts, derived_facts: await deriveAges(repositories, userId, story, asOf, facts) };
}

/** The facts of every association the story sees, with each chapter's place across the series' volumes. */
async function storyFactsInOrder(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
  associations: readonly ScopedAssociation[],
) {
  const shared = associations.find((association) => 'seriesId' in association.home);
  const storyIds = shared
    ? await storiesOfAssociation(repositories, userId, story, shared.home)
    : [story.story_id];
  const kept = new Map(associations.map((association) => [association.record.association_id, association]));
  const [order, factLists] = await Promise.all([
    chapterOrder(repositories, storyIds),
    Promise.all(storyIds.map((id) => repositories.facts.listStory(id))),
  ]);
  const facts = factLists.flat().filter((fact) => {
    const association = kept.get(fact.association_id);
    return association !== undefined && (fact.story_id === story.story_id || 'seriesId' in association.home);
  });
  return { facts, order };
}

/**
 * The facts standing at each of the story's chapters (the continuity checks' view), by chapter id: one read of
 * the facts, sorted once, with the associations the caller already read.
 */
export async function standingFactsByChapter(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
  associations: readonly ScopedAssociation[],
  chapterIds: readonly string[],
): Promise<Map<string, Fact[]>> {
  const { facts, order } = await storyFactsInOrder(repositories, userId, story, associations);
  const placed = placeFacts(facts, order);
  return new Map(
    chapterIds.flatMap((chapterId) => {
      const at = order.get(chapterId);
      return at ? [[chapterId, standingAt(placed, at)] as const] : [];
    }),
  );
}

/**
 * GET /api/stories/{storyId}/facts[?as_of=]: the facts of every association the story sees, in story order or
 * as they stand at the chapter. A shared association's come from every volume, the story's own from the story.
 */
export async function readStoryFacts(
  repositories: Repositories,
  { userId, storyId }: { userId: string; storyId: string },
  asOf: string | undefined,
): Promise<StoryFacts> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  const associations = await readStoryAssociations(repositories.associations, story);
  const { facts, order } = await storyFactsInOrder(repositories, userId, story, associations);
  const answered = inStoryOrder(facts, order, asOf);
  const derived = asOf === undefined ? [] : await deriveAges(repositories, userId, story, asOf, answered);
  return { as_of: asOf ?? null, facts: answered, derived };
}

/** 400 unless the chapter is one of the story's own (a fact is written in the story its chapter is in). */
async function requireOwnChapter(repositories: Repositories, storyId: string, chapterId: string) {
  const chapter = await repositories.chapters.get(storyId, chapterId);
  if (!chapter) throw new ValidationError(CHAPTER_NOT_IN_STORY_MESSAGE);
}

async function commitFactWrite(repositories: Repositories, writes: Parameters<Repositories['commit']>[0]) {
  try {
    await repositories.commit(writes);
  } catch (error) {
    if (error instanceof ConcurrentChangeError && error.failedWrites.includes(0)) {
      throw new ConflictError(TOO_MANY_FACTS_MESSAGE, 'too_many_facts');
    }
    throw error;
  }
}

/** POST …/associations/{associationId}/facts. */
export async function createFact(
  repositories: Repositories,
  scope: FactScope,
  draft: NewFact,
): Promise<Fact> {
  await requireFactHome(repositories, scope);
  await requireOwnChapter(repositories, scope.storyId, draft.from_chapter_id);
  const now = scope.now.toISOString();
  const fact: FactRecord = {
    fact_id: randomUUID(),
    association_id: scope.associationId,
    story_id: scope.storyId,
    label: draft.label,
    value: draft.value,
    from_chapter_id: draft.from_chapter_id,
    created_at: now,
    updated_at: now,
  };
  await commitFactWrite(repositories, [
    repositories.facts.countItem(scope.storyId, scope.associationId, 1, MAX_FACTS_PER_ASSOCIATION),
    repositories.stories.existsCondition(scope.userId, scope.storyId),
    repositories.facts.putItem(fact),
  ]);
  return toFact(fact);
}

async function requireFact(repositories: Repositories, scope: FactScope, factId: string) {
  await requireFactHome(repositories, scope);
  const fact = await repositories.facts.get(scope.storyId, scope.associationId, factId);
  if (!fact) throw new NotFoundError('No such fact.');
  return fact;
}

/** PATCH …/facts/{factId}: what is sent changes; a concurrent change is read again and applied on top. */
export async function updateFact(
  repositories: Repositories,
  scope: FactScope,
  factId: string,
  changes: FactChanges,
): Promise<Fact> {
  if (changes.from_chapter_id !== undefined) {
    await requireOwnChapter(repositories, scope.storyId, changes.from_chapter_id);
  }
  return retryOnConcurrentChange(async () => {
    const stored = await requireFact(repositories, scope, factId);
    const changed: FactRecord = {
      ...stored,
      ...(changes.label !== undefined ? { label: changes.label } : {}),
      ...(changes.value !== undefined ? { value: changes.value } : {}),
      ...(changes.from_chapter_id !== undefined ? { from_chapter_id: changes.from_chapter_id } : {}),
      updated_at: scope.now.toISOString(),
    };
    await repositories.commit([
      repositories.stories.existsCondition(scope.userId, scope.storyId),
      repositories.facts.replaceItem(changed, stored.updated_at),
    ]);
    return toFact(changed);
  });
}

/** DELETE …/facts/{factId}. */
export async function deleteFact(
  repositories: Repositories,
  scope: FactScope,
  factId: string,
): Promise<void> {
  const fact = await requireFact(repositories, scope, factId);
  try {
    await repositories.commit([
      repositories.facts.countItem(scope.storyId, scope.associationId, -1, MAX_FACTS_PER_ASSOCIATION),
      repositories.facts.deleteItem(fact),
    ]);
  } catch (error) {
    // Deleted meanwhile by another request: the fact is gone either way.
    if (!(error instanceof ConcurrentChangeError)) throw error;
  }
}

/** An association was deleted: its facts go too, from every story that kept some. */
export async function deleteFactsOf(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
  home: AssociationHome,
  associationId: string,
): Promise<void> {
  const storyIds = await storiesOfAssociation(repositories, userId, story, home);
  await repositories.facts.deleteAll(storyIds, associationId);
}
