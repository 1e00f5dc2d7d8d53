import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  type Association,
  type AssociationChanges,
  type AssociationListItem,
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
import type { Ports } from '../../ports';
import { requirePremium } from '../billing/premium';
import { deleteImages, type PreparedImage, prepareUploadedImage } from '../images/images';
import type { AssociationRecord, AssociationRepository, PortraitImages } from './association-repository';

/** What the association operations use; handlers pass their ports. */
export type AssociationPorts = Pick<Ports, 'repositories' | 'blobs' | 'logger' | 'now'>;

export interface StoryScope {
  userId: string;
  storyId: string;
}

/** Avatars and tooltips show portraits small: a square crop of this side. */
const THUMBNAIL_SIDE = 128;

/** Every portrait image of an association, whatever its upload time, shares this key prefix. */
const portraitKeyPrefix = (storyId: string, associationId: string) =>
  `images/stories/${storyId}/associations/${associationId}-`;

/** Served at `/images/...`; the date parameter changes with every upload, so caches never show the old one. */
const imageUrl = (key: string, uploadedAt: number) => `/${key}?date=${uploadedAt}`;

/** A square crop of the (already checked and re-encoded) portrait; the first frame of an animated GIF. */
async function thumbnailOf(portrait: PreparedImage): Promise<PreparedImage> {
  const body = await sharp(portrait.body)
    .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'cover' })
    .toFormat(portrait.extension === 'jpg' ? 'jpeg' : portrait.extension)
    .toBuffer();
  return { ...portrait, body };
}

function toListItem(record: AssociationRecord): AssociationListItem {
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
  };
}

function toAssociation(record: AssociationRecord): Association {
  return { ...toListItem(record), details: { extended_description: record.extended_description } };
}

function requireValidAliases(association: Parameters<typeof aliasesProblem>[0]): void {
  const problem = aliasesProblem(association);
  if (problem) throw new ValidationError(problem);
}

/** Every operation starts here: the story must be the caller's before any of its associations is touched. */
async function ownedStoryAssociations(
  ports: AssociationPorts,
  scope: StoryScope,
): Promise<AssociationRepository> {
  await ports.repositories.stories.requireOwned(scope.userId, scope.storyId);
  return ports.repositories.associations;
}

async function requireAssociation(
  repository: AssociationRepository,
  storyId: string,
  associationId: string,
): Promise<AssociationRecord> {
  const record = await repository.get(storyId, associationId);
  if (!record) throw new NotFoundError('No such association.');
  return record;
}

/** Spec §7 thumbs list: every association of the story, oldest first; none is an empty list. */
export async function listAssociations(
  ports: AssociationPorts,
  scope: StoryScope,
): Promise<AssociationListItem[]> {
  const records = await (await ownedStoryAssociations(ports, scope)).list(scope.storyId);
  return records.map(toListItem);
}

export async function getAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
): Promise<Association> {
  const repository = await ownedStoryAssociations(ports, scope);
  return toAssociation(await requireAssociation(repository, scope.storyId, associationId));
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
  const repository = await ownedStoryAssociations(ports, scope);
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
  const outcome = await repository.create(scope, records, premium ? undefined : FREE_ASSOCIATION_LIMIT);
  if (outcome === 'limit_reached') throw new SubscriptionRequiredError(FREE_ASSOCIATION_LIMIT_MESSAGE);
  if (outcome === 'story_missing') throw new NotFoundError('No such story.');
  return records.map(toAssociation);
}

/** Spec §7 update: fields sent replace the stored ones; the result must still satisfy the alias rule. */
export async function updateAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  changes: AssociationChanges,
): Promise<Association> {
  const repository = await ownedStoryAssociations(ports, scope);
  const stored = await requireAssociation(repository, scope.storyId, changes.association_id);

  const fields = {
    association_name: changes.association_name ?? stored.association_name,
    association_type: changes.association_type ?? stored.association_type,
    aliases: changes.aliases ?? stored.aliases,
    case_sensitive: changes.case_sensitive ?? stored.case_sensitive,
    short_description: changes.short_description ?? stored.short_description,
    extended_description: changes.details?.extended_description ?? stored.extended_description,
  };
  requireValidAliases(fields);
  const updated = await repository.update(scope.storyId, changes.association_id, fields, ports.now());
  if (!updated) throw new NotFoundError('No such association.');
  return toAssociation(updated);
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
  const repository = await ownedStoryAssociations(ports, scope);
  // One at a time: every delete also updates the story's association count, and concurrent transactions
  // on one item would only cancel each other.
  for (const associationId of new Set(associationIds)) {
    await repository.delete(scope.storyId, associationId);
    // Also when the item was already gone: a retry cleans up images an interrupted delete left behind.
    await ports.blobs.deletePrefix('images', portraitKeyPrefix(scope.storyId, associationId));
  }
}

/**
 * Spec §7 portrait upload: the image is checked and re-encoded (`prepareUploadedImage`), stored with a
 * square thumbnail, and becomes the association's portrait. Answers the new portrait URL.
 */
export async function replacePortrait(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
  upload: Buffer,
): Promise<string> {
  const repository = await ownedStoryAssociations(ports, scope);
  await requireAssociation(repository, scope.storyId, associationId);

  const portrait = await prepareUploadedImage(upload);
  const thumbnail = await thumbnailOf(portrait);
  const uploadedAt = ports.now().getTime();
  const prefix = portraitKeyPrefix(scope.storyId, associationId);
  const images: PortraitImages = {
    key: `${prefix}${uploadedAt}.${portrait.extension}`,
    thumbnailKey: `${prefix}${uploadedAt}-thumb.${thumbnail.extension}`,
    uploadedAt,
  };
  await ports.blobs.put('images', images.key, portrait.body, portrait.contentType);
  await ports.blobs.put('images', images.thumbnailKey, thumbnail.body, thumbnail.contentType);

  const outcome = await repository.setPortrait(scope.storyId, associationId, images);
  if (outcome === 'missing') {
    // Deleted while the image was processed: its new images must not outlive it.
    await ports.blobs.delete('images', [images.key, images.thumbnailKey]);
    throw new NotFoundError('No such association.');
  }
  const { previous } = outcome;
  // The new portrait is in place: an old image left behind costs storage only, and goes with the association.
  if (previous && previous.key !== images.key) {
    await deleteImages(ports.blobs, [previous.key, previous.thumbnailKey], ports.logger);
  }
  return imageUrl(images.key, uploadedAt);
}
