import * as z from 'zod';
import { VersionBlockSchema, type VersionBlock } from '../../../shared/schemas/versions';
import type { BlobStore } from '../ports';

/**
 * A version's paragraphs: one JSON object per version in the versions bucket, under its story and chapter so a
 * chapter's (or a story's) versions are deleted by prefix.
 */
const VERSIONS_BUCKET = 'versions';

const VersionBodySchema = z.object({ blocks: z.array(VersionBlockSchema) });

export const storyVersionsPrefix = (storyId: string) => `${storyId}/`;
export const chapterVersionsPrefix = (storyId: string, chapterId: string) => `${storyId}/${chapterId}/`;
const versionBodyKey = (storyId: string, chapterId: string, versionId: string) =>
  `${chapterVersionsPrefix(storyId, chapterId)}${versionId}.json`;

export interface VersionLocation {
  storyId: string;
  chapterId: string;
  versionId: string;
}

/** The body as stored: also what a version's fingerprint is taken of. */
export const serializeVersionBody = (blocks: readonly VersionBlock[]) => JSON.stringify({ blocks });

export async function putVersionBody(blobs: BlobStore, at: VersionLocation, body: string): Promise<void> {
  await blobs.put(
    VERSIONS_BUCKET,
    versionBodyKey(at.storyId, at.chapterId, at.versionId),
    new TextEncoder().encode(body),
    'application/json',
  );
}

/** The version's paragraphs in reading order; undefined when the object is missing. */
export async function getVersionBody(
  blobs: BlobStore,
  at: VersionLocation,
): Promise<VersionBlock[] | undefined> {
  const stored = await blobs.get(VERSIONS_BUCKET, versionBodyKey(at.storyId, at.chapterId, at.versionId));
  if (!stored) return undefined;
  return VersionBodySchema.parse(JSON.parse(new TextDecoder().decode(stored.body))).blocks;
}

export async function deleteVersionBodies(
  blobs: BlobStore,
  storyId: string,
  chapterId: string,
  versionIds: readonly string[],
): Promise<void> {
  if (versionIds.length === 0) return;
  await blobs.delete(
    VERSIONS_BUCKET,
    versionIds.map((versionId) => versionBodyKey(storyId, chapterId, versionId)),
  );
}

export async function deleteChapterVersionBodies(
  blobs: BlobStore,
  storyId: string,
  chapterId: string,
): Promise<void> {
  await blobs.deletePrefix(VERSIONS_BUCKET, chapterVersionsPrefix(storyId, chapterId));
}

export async function deleteStoryVersionBodies(blobs: BlobStore, storyId: string): Promise<void> {
  await blobs.deletePrefix(VERSIONS_BUCKET, storyVersionsPrefix(storyId));
}
