import { CHAPTER_CREATION_FAILED_CODE } from '../../../shared/schemas/chapter';
import { emptyParagraph } from '../../../shared/schemas/paragraph';
import { ApiError } from '../lib/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { readChapterBlocksForEditor } from '../api/chapter-content';
import type { AutosaveQueue, ServerBlock, StoredBlock } from './autosave';
import { newKeyId } from './nodes';

export interface LoadedChapter {
  blocks: StoredBlock[];
  /** The server answered 501: the chapter is still being created (spec §4 "Chapter content loading"). */
  creating: boolean;
  /**
   * The server answered 409 `chapter_creation_failed`: its creation was given up. Held like a chapter being
   * created (typing is kept, nothing is sent) until the author asks for it again.
   */
  creationFailed: boolean;
  /** Paragraphs changed both here (unsent) and in another window: kept twice, this page's copy marked. */
  conflicts: number;
  /** The chapter's content stamp as read ('' when not read): what a later check for changes sends. */
  stamp: string;
}

/** The content call's answer for a chapter whose creation failed (409 `chapter_creation_failed`). */
export function isChapterCreationFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === CHAPTER_CREATION_FAILED_CODE;
}

/**
 * The chapter as the author last left it: the server's content with the queue's unacknowledged ops laid over
 * it (a reload or crash loses nothing), rebased on the server's revisions: a paragraph another window changed
 * meanwhile is kept in both versions (see `AutosaveQueue.reconcile`). The queue is held while the content is
 * read, so a save cannot land between the read and the merge. 404 and 501 start from one empty paragraph
 * (spec §4), and so does a chapter whose creation failed. A merge that changed the order queues the full order,
 * so the server ends up agreeing with what the author sees. The content is read through the app's cache, which
 * may hold the read the workspace's route started ahead.
 */
export async function loadChapter(queue: AutosaveQueue, queryClient: QueryClient): Promise<LoadedChapter> {
  const { storyId, chapterId } = queue.scope;
  await queue.pause();
  try {
    let server: ServerBlock[] = [];
    let stamp = '';
    let creating = false;
    let creationFailed = false;
    try {
      ({ blocks: server, stamp } = await readChapterBlocksForEditor(
        queryClient,
        storyId,
        chapterId,
        queue.lastWriteAcknowledgedAt(),
      ));
    } catch (error) {
      creationFailed = isChapterCreationFailure(error);
      const expected = error instanceof ApiError && (error.status === 404 || error.status === 501);
      if (!expected && !creationFailed) throw error;
      creating = creationFailed || (error as ApiError).status === 501;
    }
    const { blocks, conflicts } = rebaseOnServer(queue, server);
    if (creating) queue.markChapterCreating();
    return { blocks, creating, creationFailed, conflicts, stamp };
  } finally {
    queue.resume();
  }
}

/**
 * What the editor is to show of the chapter: the server's content with the queue's unsent ops rebased on it (see
 * `AutosaveQueue.reconcile`), or one empty paragraph when there is neither. A merge that changed the order queues
 * the full order, so the server ends up agreeing with what the author sees.
 */
export function rebaseOnServer(
  queue: AutosaveQueue,
  server: ServerBlock[],
): { blocks: StoredBlock[]; conflicts: number } {
  const pending = queue.pendingOps();
  const { blocks, conflicts } = queue.reconcile(server, newKeyId);
  const serverOrder = server.map((block) => block.keyId).join();
  if (
    (pending.blocks.length > 0 || pending.order) &&
    blocks.map((block) => block.keyId).join() !== serverOrder
  ) {
    queue.syncOrder(blocks.map((block) => block.keyId));
  }
  if (blocks.length === 0) {
    const keyId = newKeyId();
    blocks.push({ keyId, chunk: JSON.stringify(emptyParagraph(keyId)) });
  }
  return { blocks, conflicts };
}
