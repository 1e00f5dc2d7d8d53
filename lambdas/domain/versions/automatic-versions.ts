import { describeError } from '../../logger';
import { readSnapshot, takeAutomaticVersion, type VersionPorts } from './version-snapshot';

/** While a chapter is being edited, an automatic version is taken at most this often. */
export const AUTOMATIC_VERSION_INTERVAL_MS = 30 * 60 * 1000;

/**
 * Before a paragraph save: when the chapter's latest version is at least 30 minutes old (or it has none), the
 * stored chapter — its state before this save — becomes an automatic version. The save path pays one read for
 * this (the latest index entry); the chapter item and its content are read and a version written only when one
 * is due.
 *
 * A version that cannot be taken does not fail the save: the author's typing matters more than the snapshot,
 * and the next save tries again. The failure is logged.
 */
export async function takeAutomaticVersionIfDue(
  ports: VersionPorts,
  storyId: string,
  chapterId: string,
): Promise<void> {
  try {
    const latest = await ports.repositories.versions.latest(chapterId);
    if (latest && ports.now().getTime() - Date.parse(latest.created_at) < AUTOMATIC_VERSION_INTERVAL_MS) {
      return;
    }
    // The save checks the chapter after this: a version is only ever taken of one of this story's chapters.
    const chapter = await ports.repositories.chapters.get(storyId, chapterId);
    if (chapter?.status !== 'ready') return;
    const snapshot = await readSnapshot(ports.repositories, chapterId);
    await takeAutomaticVersion(ports, storyId, chapterId, snapshot, latest);
  } catch (error) {
    ports.logger.warn('automatic version not taken', { chapterId, ...describeError(error) });
  }
}

/**
 * THE call for "take automatic versions of these chapters before a bulk change" (restore, rename everywhere,
 * replace across the story): each chapter's stored text becomes an automatic version, unless it is unchanged
 * since its latest version. Call it with every chapter the change will write, before writing any; it throws
 * if a version cannot be taken, so the change does not go ahead without them. Chapters are handled one after
 * the other (each: its latest index entry, one read of its paragraphs, one object and one item written).
 */
export async function saveVersionsBeforeBulkChange(
  ports: VersionPorts,
  storyId: string,
  chapterIds: readonly string[],
): Promise<void> {
  for (const chapterId of chapterIds) {
    const [latest, snapshot] = await Promise.all([
      ports.repositories.versions.latest(chapterId),
      readSnapshot(ports.repositories, chapterId),
    ]);
    await takeAutomaticVersion(ports, storyId, chapterId, snapshot, latest);
  }
}
