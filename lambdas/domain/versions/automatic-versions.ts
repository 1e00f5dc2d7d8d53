import { describeError } from '../../logger';
import { readSnapshot, takeAutomaticVersion, type VersionPorts } from './version-snapshot';
import type { VersionRecord } from './version-repository';

/** While a chapter is being edited, an automatic version is taken at most this often. */
export const AUTOMATIC_VERSION_INTERVAL_MS = 30 * 60 * 1000;

/**
 * Before a paragraph save: when the chapter's latest version is at least 30 minutes old (or it has none), the
 * stored chapter — its state before this save — becomes an automatic version. The save pays one read for this
 * (the latest index entry, `latestVersionBeforeSave`, made beside the save's own reads); the chapter's content
 * is read and a version written only when one is due (`takeAutomaticVersionIfDue`, once the save has checked
 * the story is the caller's and the chapter is ready).
 *
 * A version that cannot be taken does not fail the save: the author's typing matters more than the snapshot,
 * and the next save tries again. The failure is logged.
 */
export type LatestVersionCheck = { read: true; latest: VersionRecord | undefined } | { read: false };

/** The chapter's latest version as a save reads it; a failed read is logged and takes no version. */
export async function latestVersionBeforeSave(
  ports: VersionPorts,
  chapterId: string,
): Promise<LatestVersionCheck> {
  try {
    return { read: true, latest: await ports.repositories.versions.latest(chapterId) };
  } catch (error) {
    ports.logger.warn('automatic version not taken', { chapterId, ...describeError(error) });
    return { read: false };
  }
}

/** Takes the automatic version of the chapter (one of the caller's, ready) when the check finds one due. */
export async function takeAutomaticVersionIfDue(
  ports: VersionPorts,
  storyId: string,
  chapterId: string,
  check: LatestVersionCheck,
): Promise<void> {
  if (!check.read) return;
  const { latest } = check;
  if (latest && ports.now().getTime() - Date.parse(latest.created_at) < AUTOMATIC_VERSION_INTERVAL_MS) return;
  try {
    const snapshot = await readSnapshot(ports.repositories, chapterId);
    await takeAutomaticVersion(ports, storyId, chapterId, snapshot, latest, { thin: true });
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
    await takeAutomaticVersion(ports, storyId, chapterId, snapshot, latest, { thin: false });
  }
}
