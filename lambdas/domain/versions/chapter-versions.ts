import type { ChapterContent } from '../../../shared/schemas/block';
import type { VersionBlock, VersionDetail, VersionSummary } from '../../../shared/schemas/versions';
import { countChunkWords } from '../../../shared/word-count';
import { NotFoundError } from '../../errors';
import { requireReadyChapter } from '../blocks/chapter-content';
import { PAGE_BUDGET_BYTES, readContentPage, responseBytes } from '../blocks/content-pages';
import { transactionGroups } from '../blocks/sync-blocks';
import { retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { Write } from '../unit-of-work';
import { deleteChapterVersionBodies, deleteStoryVersionBodies, getVersionBody } from './version-bodies';
import type { VersionRecord } from './version-repository';
import { readSnapshot, storeVersion, takeAutomaticVersion, type VersionPorts } from './version-snapshot';

/**
 * Versions of a chapter (issue 14 §2): listed, saved by name, read, restored. Every call checks the story is
 * the caller's and the chapter is in it (404 otherwise, whoever's it is).
 */

export interface ChapterScope {
  userId: string;
  storyId: string;
  chapterId: string;
}

const toSummary = (version: VersionRecord): VersionSummary => ({
  version_id: version.version_id,
  created_at: version.created_at,
  name: version.name,
  words: version.words,
  kind: version.kind,
});

async function requireChapter(repositories: Repositories, scope: ChapterScope): Promise<void> {
  await repositories.stories.requireOwned(scope.userId, scope.storyId);
  if (!(await repositories.chapters.get(scope.storyId, scope.chapterId))) {
    throw new NotFoundError('No such chapter.');
  }
}

async function requireVersion(
  ports: VersionPorts,
  scope: ChapterScope,
  versionId: string,
): Promise<{ version: VersionRecord; blocks: VersionBlock[] }> {
  const version = await ports.repositories.versions.get(scope.chapterId, versionId);
  const blocks =
    version &&
    (await getVersionBody(ports.blobs, { storyId: scope.storyId, chapterId: scope.chapterId, versionId }));
  if (!version || !blocks) throw new NotFoundError('No such version.');
  return { version, blocks };
}

/** GET .../versions: newest first. */
export async function listVersions(ports: VersionPorts, scope: ChapterScope): Promise<VersionSummary[]> {
  await requireChapter(ports.repositories, scope);
  return (await ports.repositories.versions.list(scope.chapterId)).map(toSummary);
}

/** POST .../versions `{ name }`: the stored chapter as a named version, kept until the chapter is deleted. */
export async function saveNamedVersion(
  ports: VersionPorts,
  scope: ChapterScope,
  name: string,
): Promise<VersionSummary> {
  await ports.repositories.stories.requireOwned(scope.userId, scope.storyId);
  await requireReadyChapter(ports.repositories, scope.storyId, scope.chapterId);
  const snapshot = await readSnapshot(ports.repositories, scope.chapterId);
  return toSummary(
    await storeVersion(ports, scope.storyId, scope.chapterId, snapshot, { kind: 'named', name }),
  );
}

/** GET .../versions/{versionId}?cursor=: the version's paragraphs from `cursor`, as many as fit one answer. */
export async function getVersion(
  ports: VersionPorts,
  scope: ChapterScope,
  versionId: string,
  cursor = 0,
): Promise<VersionDetail> {
  await requireChapter(ports.repositories, scope);
  const { version, blocks } = await requireVersion(ports, scope, versionId);
  const page: VersionBlock[] = [];
  let bytes = 0;
  let next: number | undefined;
  for (let index = cursor; index < blocks.length; index += 1) {
    const blockBytes = responseBytes(blocks[index]);
    if (page.length > 0 && bytes + blockBytes > PAGE_BUDGET_BYTES) {
      next = index;
      break;
    }
    page.push(blocks[index]!);
    bytes += blockBytes;
  }
  return {
    version_id: version.version_id,
    name: version.name,
    created_at: version.created_at,
    kind: version.kind,
    blocks: page,
    ...(next === undefined ? {} : { next: String(next) }),
  };
}

interface ParagraphWrite {
  write: Write;
  bytes: number;
  /** The change in the chapter's words. */
  words: number;
}

/**
 * POST .../versions/{versionId}/restore: the current chapter first becomes an automatic version (unless it is
 * unchanged since its latest), then its paragraphs and order become the version's. Only what differs is
 * written — changed paragraphs get the next revision, so a window that still shows the old text is refused
 * (409 `chapter_changed`) and reloads — and every write is conditional on what was read, so a save that comes
 * in between makes the restore read, version and plan again rather than be overwritten. A restore that fits
 * one transaction (up to 98 changed paragraphs: nearly all) is all or nothing; a larger one is written in
 * several, the order last, after the version that keeps the text it replaces. Answers the first page of the
 * restored content, shaped as the content read.
 */
export async function restoreVersion(
  ports: VersionPorts,
  scope: ChapterScope,
  versionId: string,
): Promise<ChapterContent> {
  const { repositories } = ports;
  const { storyId, chapterId } = scope;
  await repositories.stories.requireOwned(scope.userId, storyId);
  await requireReadyChapter(repositories, storyId, chapterId);
  const { blocks: restored } = await requireVersion(ports, scope, versionId);
  await retryOnConcurrentChange(async () => {
    await requireReadyChapter(repositories, storyId, chapterId);
    const [snapshot, latest] = await Promise.all([
      readSnapshot(repositories, chapterId),
      repositories.versions.latest(chapterId),
    ]);
    await takeAutomaticVersion(ports, storyId, chapterId, snapshot, latest, { thin: false });

    const now = ports.now();
    const kept = new Set(restored.map((block) => block.key_id));
    const paragraphWrites: ParagraphWrite[] = [];
    for (const stored of snapshot.stored.values()) {
      if (kept.has(stored.key_id)) continue;
      paragraphWrites.push({
        write: repositories.blocks.deleteBlockItem(chapterId, stored.key_id, stored.revision),
        bytes: 0,
        words: -countChunkWords(stored.chunk),
      });
    }
    for (const block of restored) {
      const stored = snapshot.stored.get(block.key_id);
      if (stored?.chunk === block.chunk) continue;
      const words = countChunkWords(block.chunk) - (stored ? countChunkWords(stored.chunk) : 0);
      paragraphWrites.push(
        stored
          ? {
              write: repositories.blocks.replaceBlockItem(chapterId, block, stored.chunk, now),
              bytes: Buffer.byteLength(block.chunk) + Buffer.byteLength(stored.chunk),
              words,
            }
          : {
              write: repositories.blocks.putBlockItem(chapterId, block, now, 0),
              bytes: Buffer.byteLength(block.chunk),
              words,
            },
      );
    }
    const keyIds = restored.map((block) => block.key_id);
    const orderChanged = keyIds.join('\n') !== snapshot.order.key_ids.join('\n');
    const groups = transactionGroups(paragraphWrites, (planned) => planned.bytes);
    if (groups.length === 0 && orderChanged) groups.push([]);
    for (const [index, group] of groups.entries()) {
      const last = index === groups.length - 1;
      await repositories.commit([
        repositories.chapters.contentChangeItem(storyId, chapterId, {
          words: group.reduce((change, planned) => change + planned.words, 0),
          at: now,
        }),
        ...group.map((planned) => planned.write),
        ...(last && orderChanged
          ? [repositories.blocks.saveOrderItem(chapterId, snapshot.order, keyIds)]
          : []),
      ]);
    }
  });
  const page = await readContentPage(repositories, chapterId, 0, PAGE_BUDGET_BYTES, true);
  return { items: page.items, ...(page.next === undefined ? {} : { next: String(page.next) }) };
}

/** With a chapter: its version index entries and bodies. */
export async function deleteChapterVersions(
  ports: Pick<VersionPorts, 'repositories' | 'blobs'>,
  storyId: string,
  chapterId: string,
): Promise<void> {
  await ports.repositories.versions.deleteAll(chapterId);
  await deleteChapterVersionBodies(ports.blobs, storyId, chapterId);
}

/** With a story: the index entries of each of its chapters, then every body under the story at once. */
export async function deleteStoryVersions(
  ports: Pick<VersionPorts, 'repositories' | 'blobs'>,
  storyId: string,
  chapterIds: Iterable<string>,
): Promise<void> {
  for (const chapterId of chapterIds) await ports.repositories.versions.deleteAll(chapterId);
  await deleteStoryVersionBodies(ports.blobs, storyId);
}
