import { createHash, randomBytes } from 'node:crypto';
import type { VersionBlock, VersionKind } from '../../../shared/schemas/versions';
import { countChunkWords } from '../../../shared/word-count';
import type { DomainPorts } from '../ports';
import type { BlockOrder, StoredBlock } from '../blocks/block-repository';
import type { Repositories } from '../repositories';
import { putVersionBody, serializeVersionBody } from './version-bodies';
import type { VersionRecord } from './version-repository';
import { versionsToThin } from './version-thinning';
import { deleteVersionBodies } from './version-bodies';

/** What versions need of the ports: no queue, no identity, no billing. */
export type VersionPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

/** The stored chapter as a version would hold it, with what was read to make it. */
export interface ChapterSnapshot {
  order: BlockOrder;
  stored: Map<string, StoredBlock>;
  /** The paragraphs in reading order (blocks the order misses come last, as the content read gives them). */
  blocks: VersionBlock[];
  body: string;
  fingerprint: string;
  words: number;
}

/** The chapter's stored content in one read (the chapter partition's blocks and order). */
export async function readSnapshot(repositories: Repositories, chapterId: string): Promise<ChapterSnapshot> {
  const { order, blocks: stored } = await repositories.blocks.readContent(chapterId);
  const inOrder = new Set(order.key_ids);
  const keyIds = [
    ...order.key_ids.filter((keyId) => stored.has(keyId)),
    ...[...stored.keys()].filter((keyId) => !inOrder.has(keyId)).sort(),
  ];
  const blocks = keyIds.map((keyId) => ({ key_id: keyId, chunk: stored.get(keyId)!.chunk }));
  const body = serializeVersionBody(blocks);
  return {
    order,
    stored,
    blocks,
    body,
    fingerprint: createHash('sha256').update(body).digest('base64url'),
    words: blocks.reduce((total, block) => total + countChunkWords(block.chunk), 0),
  };
}

/** Sorts by time: `20261121T120000000Z-1a2b3c4d` (UTC to the millisecond, then 8 random hex digits). */
export function newVersionId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}

/** Stores the snapshot as a new version: the body first, so an index entry never names a missing body. */
export async function storeVersion(
  ports: VersionPorts,
  storyId: string,
  chapterId: string,
  snapshot: ChapterSnapshot,
  version: { kind: VersionKind; name: string | null },
): Promise<VersionRecord> {
  const now = ports.now();
  const record: VersionRecord = {
    version_id: newVersionId(now),
    chapter_id: chapterId,
    kind: version.kind,
    name: version.name,
    created_at: now.toISOString(),
    words: snapshot.words,
    fingerprint: snapshot.fingerprint,
  };
  await putVersionBody(ports.blobs, { storyId, chapterId, versionId: record.version_id }, snapshot.body);
  await ports.repositories.versions.put(record);
  return record;
}

/** Deletes the automatic versions the thinning rule no longer keeps: their index entries, then their bodies. */
async function thinVersions(ports: VersionPorts, storyId: string, chapterId: string): Promise<void> {
  const thinned = versionsToThin(await ports.repositories.versions.list(chapterId), ports.now());
  if (thinned.length === 0) return;
  await ports.repositories.versions.delete(chapterId, thinned);
  await deleteVersionBodies(ports.blobs, storyId, chapterId, thinned);
}

/**
 * Takes an automatic version of the snapshot — unless nothing would be gained: the chapter is unchanged since
 * its latest version (which thinning always keeps), or it has no versions and no words yet (a new, empty
 * chapter). With `thin`, the chapter's automatic versions are then thinned: only the autosave's own versions
 * do so. A version taken for something the author did (a restore, a change across the story) never drops
 * another, so the list the author restored from is still whole afterwards; the thinning rule catches up at the
 * next autosave version, as the versions panel says.
 */
export async function takeAutomaticVersion(
  ports: VersionPorts,
  storyId: string,
  chapterId: string,
  snapshot: ChapterSnapshot,
  latest: VersionRecord | undefined,
  options: { thin: boolean },
): Promise<void> {
  if (latest ? latest.fingerprint === snapshot.fingerprint : snapshot.words === 0) return;
  await storeVersion(ports, storyId, chapterId, snapshot, { kind: 'automatic', name: null });
  if (options.thin) await thinVersions(ports, storyId, chapterId);
}
