import { randomUUID } from 'node:crypto';
import {
  type Association,
  type AssociationChanges,
  type AssociationListItem,
  type AssociationScope,
  defaultPortraitUrl,
  type NewAssociation,
} from '../../../shared/schemas/associations';
import { hasPremiumAccess } from '../../../shared/subscription';
import {
  aliasesProblem,
  FREE_ASSOCIATION_LIMIT,
  FREE_ASSOCIATION_LIMIT_MESSAGE,
} from '../../../shared/validation';
import { NotFoundError, SubscriptionRequiredError, ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import { requirePremium } from '../billing/premium';
import type { StoryRecord } from '../stories/story-repository';
import type { AssociationRecord } from './association-repository';
import { deleteFactsOf, readFacts } from './facts';
import { locateAssociation, readStoryAssociations, requireAssociation } from './story-associations';

/** What the association operations use; handlers pass their ports. */
export type AssociationPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

export interface StoryScope {
  userId: string;
  storyId: string;
}

/** Every portrait image of an association, whatever its upload time, shares this key prefix. */
export const portraitKeyPrefix = (storyId: string, associationId: string) =>
  `images/stories/${storyId}/associations/${associationId}-`;

/** Served at `/images/...`; the date parameter changes with every upload, so caches never show the old one. */
export const imageUrl = (key: string, uploadedAt: number) => `/${key}?date=${uploadedAt}`;

export function toListItem(record: AssociationRecord, scope: AssociationScope): AssociationListItem {
  const fallback = defaultPortraitUrl(record.association_type);
  return {
    association_id: record.association_id,
    association_name: record.association_name,
    association_type: record.association_type,
    aliases: record.aliases,
    case_sensitive: record.case_sensitive,
    short_description: record.short_description,
    portrait: record.portrait ? imageUrl(record.portrait.key, record.portrait.uploadedAt) : fallback,
    thumbnail: record.portrait
      ? imageUrl(record.portrait.thumbnailKey, record.portrait.uploadedAt)
      : fallback,
    scope,
  };
}

export function toAssociation(record: AssociationRecord, scope: AssociationScope): Association {
  return { ...toListItem(record, scope), details: { extended_description: record.extended_description } };
}

function requireValidAliases(association: Parameters<typeof aliasesProblem>[0]): void {
  const problem = aliasesProblem(association);
  if (problem) throw new ValidationError(problem);
}

/** Every operation starts here: the story must be the caller's before any of its associations is touched. */
export function requireOwnedStory(ports: AssociationPorts, scope: StoryScope): Promise<StoryRecord> {
  return ports.repositories.stories.requireOwned(scope.userId, scope.storyId);
}

/**
 * Spec §7 thumbs list: every association of the story, oldest first, its series' shared ones among them;
 * none is an empty list.
 */
export async function listAssociations(
  ports: AssociationPorts,
  scope: StoryScope,
): Promise<AssociationListItem[]> {
  const story = await requireOwnedStory(ports, scope);
  const associations = await readStoryAssociations(ports.repositories.associations, story);
  return associations.map(({ record, scope: associationScope }) => toListItem(record, associationScope));
}

/** One association with its facts: all of them in story order, or those standing at chapter `asOf`. */
export async function getAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
  asOf?: string,
): Promise<Association> {
  const story = await requireOwnedStory(ports, scope);
  const association = await requireAssociation(ports.repositories.associations, story, associationId);
  const facts = await readFacts(ports.repositories, scope.userId, story, association, asOf);
  return { ...toAssociation(association.record, association.scope), ...facts };
}

/**
 * Spec §7 create: entries with blank names are dropped, the rest stored together or not at all. A free
 * account may hold at most 5 per story (spec §6): the limit is a condition of the same transaction that
 * stores them, so it holds under concurrent requests too.
 */
export async function createAssociations(
  ports: AssociationPorts,
  scope: StoryScope,
  drafts: NewAssociation[],
): Promise<Association[]> {
  const story = await requireOwnedStory(ports, scope);
  const repository = ports.repositories.associations;
  const named = drafts.filter((draft) => draft.association_name !== '');
  named.forEach(requireValidAliases);
  if (named.length === 0) return [];

  // Premium is an active, unexpired subscription: an ended one keeps the associations made meanwhile (still
  // readable and editable) but creates no more beyond the free limit.
  const user = await ports.repositories.users.get(scope.userId);
  const clock = ports.now();
  if (named.length > FREE_ASSOCIATION_LIMIT) requirePremium(user, clock, FREE_ASSOCIATION_LIMIT_MESSAGE);
  const premium = hasPremiumAccess(user, clock);
  const now = clock.toISOString();
  const records: AssociationRecord[] = named.map((draft) => ({
    association_id: randomUUID(),
    association_name: draft.association_name,
    association_type: draft.association_type,
    aliases: draft.aliases,
    case_sensitive: draft.case_sensitive,
    short_description: draft.short_description,
    extended_description: draft.details.extended_description,
    created_at: now,
    updated_at: now,
  }));
  // A volume's free limit counts its series' shared associations too.
  const sharedCount = premium || !story.series_id ? 0 : (await repository.listShared(story.series_id)).length;
  const outcome = await repository.create(
    scope,
    records,
    premium ? undefined : FREE_ASSOCIATION_LIMIT - sharedCount,
  );
  if (outcome === 'limit_reached') throw new SubscriptionRequiredError(FREE_ASSOCIATION_LIMIT_MESSAGE);
  if (outcome === 'story_missing') throw new NotFoundError('No such story.');
  return records.map((record) => toAssociation(record, 'story'));
}

/**
 * Spec §7 update: fields sent replace the stored ones; the result must still satisfy the alias rule. A shared
 * association is one record: a change from any volume shows in all of them.
 */
export async function updateAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  changes: AssociationChanges,
): Promise<Association> {
  const story = await requireOwnedStory(ports, scope);
  const repository = ports.repositories.associations;
  const {
    record: stored,
    home,
    scope: associationScope,
  } = await requireAssociation(repository, story, changes.association_id);

  const fields = {
    association_name: changes.association_name ?? stored.association_name,
    association_type: changes.association_type ?? stored.association_type,
    aliases: changes.aliases ?? stored.aliases,
    case_sensitive: changes.case_sensitive ?? stored.case_sensitive,
    short_description: changes.short_description ?? stored.short_description,
    extended_description: changes.details?.extended_description ?? stored.extended_description,
  };
  requireValidAliases(fields);
  const updated = await repository.update(home, changes.association_id, fields, ports.now());
  if (!updated) throw new NotFoundError('No such association.');
  return toAssociation(updated, associationScope);
}

/**
 * Spec §7 delete: each association and every portrait image it ever had. Ids that do not exist (already
 * deleted) are skipped, so a retried request succeeds.
 */
export async function deleteAssociations(
  ports: AssociationPorts,
  scope: StoryScope,
  associationIds: string[],
): Promise<void> {
  const story = await requireOwnedStory(ports, scope);
  const repository = ports.repositories.associations;
  // One at a time: every delete also updates the story's association count, and concurrent transactions
  // on one item would only cancel each other.
  for (const associationId of new Set(associationIds)) {
    // A standalone story's association can only be its own: no read before the (conditional) delete.
    const home = story.series_id
      ? (await locateAssociation(repository, story, associationId))?.home
      : { storyId: story.story_id };
    if (home) {
      await repository.delete(home, associationId);
      await deleteFactsOf(ports.repositories, scope.userId, story, home, associationId);
    }
    // Also when the item was already gone: a retry cleans up images an interrupted delete left behind. Only
    // this story's: a copy a volume kept when it left its series may still show a portrait uploaded elsewhere.
    await ports.blobs.deletePrefix('images', portraitKeyPrefix(scope.storyId, associationId));
  }
}
