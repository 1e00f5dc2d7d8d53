import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot } from 'lexical';
import { useEffect } from 'react';
import type { AutosaveQueue, StoredBlock } from '../../autosave';
import { fetchChapterBlocks } from '../../../api/chapter-content';
import { isChapterCreationFailure } from '../../chapter-content';
import {
  $importParagraphJSON,
  $isCustomParagraphNode,
  assertEditorHasNodes,
  CustomParagraphNode,
  type SerializedCustomParagraphNode,
} from '../../nodes';

/** How often a chapter still being created is checked for readiness. */
export const CREATION_POLL_MS = 5_000;

/**
 * The server's paragraphs joined to what the author typed meanwhile: the creation worker's empty starter
 * paragraph is deleted (the author already has one), anything else the server holds is kept in place.
 */
function $adoptServerBlocks(server: StoredBlock[], queue: AutosaveQueue): void {
  const root = $getRoot();
  const local = new Set(
    root
      .getChildren()
      .filter($isCustomParagraphNode)
      .map((paragraph) => paragraph.getKeyId()),
  );
  server.forEach((block, index) => {
    if (local.has(block.keyId)) return;
    let json: Partial<SerializedCustomParagraphNode>;
    try {
      json = JSON.parse(block.chunk) as Partial<SerializedCustomParagraphNode>;
    } catch {
      return;
    }
    const paragraph = $importParagraphJSON({ ...json, key_id: block.keyId });
    if (paragraph.getTextContent() === '') {
      queue.delete(block.keyId);
      return;
    }
    const before = root.getChildAtIndex(index);
    if (before) before.insertBefore(paragraph);
    else root.append(paragraph);
  });
}

/**
 * While the chapter is being created (the content call answered 501), holds the queue and checks in the
 * background until the chapter is ready, then reconciles with the server's content and lets the queue send
 * what the author typed; the queue announces 'Chapter ready' once that has been stored. A check answered
 * 409 `chapter_creation_failed` calls `onFailed` and stops checking (the queue stays held) until `failed` is
 * false again: the author asked for the chapter anew.
 */
export function ChapterCreationPlugin({
  queue,
  creating,
  failed,
  onFailed,
}: {
  queue: AutosaveQueue;
  creating: boolean;
  failed: boolean;
  onFailed: () => void;
}) {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    assertEditorHasNodes(editor, [CustomParagraphNode], 'ChapterCreationPlugin');
  }, [editor]);

  useEffect(() => {
    if (!creating) return;
    // The load already held the queue; held again here because this effect's cleanup releases it, and a
    // remounted effect (Strict Mode) must hold it anew.
    queue.markChapterCreating();
    return () => queue.stopAwaitingCreation();
  }, [queue, creating]);

  useEffect(() => {
    if (!creating || failed) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const server = await fetchChapterBlocks(queue.scope.storyId, queue.scope.chapterId, {
          background: true,
        });
        if (stopped) return;
        queue.adoptRevisions(server);
        editor.update(() => $adoptServerBlocks(server, queue), { discrete: true });
        queue.confirmChapterReady();
      } catch (error) {
        if (stopped) return;
        if (isChapterCreationFailure(error)) onFailed();
        // Still being created, or unreachable for now: look again later.
        else timer = setTimeout(() => void check(), CREATION_POLL_MS);
      }
    };
    timer = setTimeout(() => void check(), CREATION_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [editor, queue, creating, failed, onFailed]);

  return null;
}
