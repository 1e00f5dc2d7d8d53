import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getRoot,
  $setSelection,
  CLEAR_HISTORY_COMMAND,
  HISTORY_MERGE_TAG,
  type LexicalEditor,
} from 'lexical';
import { useEffect } from 'react';
import { fetchChapterContent } from '../../../api/chapter-content';
import { reconcileWithServer, type ServerBlock, type StoredBlock } from '../../autosave/merge-pending-ops';
import { rebaseOnServer } from '../../chapter-content';
import type { AutosaveQueue } from '../../autosave';
import { $isCustomParagraphNode, newKeyId, type CustomParagraphNode } from '../../nodes';
import { PROGRAMMATIC_LOAD_TAG } from '../autosave-plugin/paragraph-tracker';
import { $currentCaret, $placeCaret } from '../caret-memory-plugin/caret-memory';
import { $storedBlockParagraph } from '../initial-content-plugin';

/**
 * How often an open chapter asks whether another device saved it, and how long after this page's own last save
 * it waits before asking: while the author types here, a change made elsewhere is merged at the next save.
 */
export const LIVE_CHECK_INTERVAL_MS = 30_000;

/**
 * The editor shown as `blocks` say: paragraphs another device changed (`changed`) are replaced, those it deleted
 * removed, new ones added, and all put in the server's order; the others are left as they are. The caret stays
 * where it was in a replaced paragraph, and is not placed at all in an editor that does not have the focus.
 */
function $showServerContent(
  blocks: readonly StoredBlock[],
  changed: ReadonlySet<string>,
  focused: boolean,
): void {
  const root = $getRoot();
  const caret = focused ? $currentCaret() : null;
  const shown = new Map<string, CustomParagraphNode>();
  for (const child of root.getChildren())
    if ($isCustomParagraphNode(child)) shown.set(child.getKeyId(), child);
  const wanted = new Set(blocks.map((block) => block.keyId));
  for (const [keyId, paragraph] of shown) if (!wanted.has(keyId)) paragraph.remove();

  let previous: CustomParagraphNode | null = null;
  for (const block of blocks) {
    let paragraph = shown.get(block.keyId);
    if (!paragraph || changed.has(block.keyId)) {
      const fresh = $storedBlockParagraph(block);
      if (paragraph) paragraph.replace(fresh);
      paragraph = fresh;
    }
    if (previous === null) {
      const first = root.getFirstChild();
      if (first !== paragraph) {
        if (first) first.insertBefore(paragraph);
        else root.append(paragraph);
      }
    } else if (previous.getNextSibling() !== paragraph) {
      previous.insertAfter(paragraph);
    }
    previous = paragraph;
  }
  if (!focused) $setSelection(null);
  else if (caret && changed.has(caret.keyId)) $placeCaret(caret);
}

/**
 * Rebases what waits unsent on the server's paragraphs (`rebaseOnServer`) and shows the result in the open editor,
 * as a load (not saved, not undoable): paragraphs whose text changes are replaced, the others left as they are,
 * the caret with them. An editor already showing it is left alone.
 */
function showRebased(editor: LexicalEditor, queue: AutosaveQueue, server: ServerBlock[]): void {
  // What the editor shows of each paragraph: this page's unsent version, else the server's as last known.
  const shown = new Map<string, string>();
  for (const block of server) {
    const known = queue.knownServerChunk(block.keyId);
    if (known !== undefined) shown.set(block.keyId, known);
  }
  for (const op of queue.pendingOps().blocks) if (op.type === 'save') shown.set(op.keyId, op.chunk);
  const { blocks } = rebaseOnServer(queue, server);
  const changed = new Set(
    blocks.filter((block) => shown.get(block.keyId) !== block.chunk).map((block) => block.keyId),
  );
  const shownOrder = editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .filter($isCustomParagraphNode)
      .map((paragraph) => paragraph.getKeyId()),
  );
  if (changed.size === 0 && shownOrder.join() === blocks.map((block) => block.keyId).join()) return;
  const focused = editor.getRootElement()?.contains(document.activeElement) ?? false;
  editor.update(() => $showServerContent(blocks, changed, focused), {
    tag: [PROGRAMMATIC_LOAD_TAG, HISTORY_MERGE_TAG],
    discrete: true,
  });
  // Undo goes back through whole states: one from before would take the other device's words out again.
  editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
}

/**
 * Issue 26 §2: what another device saved, taken into the open chapter without a reload. Only while this page
 * has nothing unsent and has not saved for a while (its own saves change the stamp too, and a change made
 * elsewhere meanwhile is merged at its next save); and only when none of the other device's changes meets one
 * typed here since (that one's save is refused and merged as usual). One small request (204) when nothing
 * changed since `stamp`; answers the stamp to send next time.
 */
export async function takeInOtherSaves(
  editor: LexicalEditor,
  queue: AutosaveQueue,
  stamp: string,
): Promise<string> {
  if (!queue.isSettled() || performance.now() - queue.lastWriteAcknowledgedAt() < LIVE_CHECK_INTERVAL_MS) {
    return stamp;
  }
  const { storyId, chapterId } = queue.scope;
  await queue.pause();
  try {
    const unlessStamp: string | undefined = stamp === '' ? undefined : stamp;
    const read = await fetchChapterContent(storyId, chapterId, { background: true, unlessStamp });
    if (read === 'unchanged' || read.blocks.length === 0) return stamp;
    const dryRun = reconcileWithServer(read.blocks, queue.pendingOps(), newKeyId);
    if (dryRun.conflicts > 0 || dryRun.merged > 0) return stamp;
    showRebased(editor, queue, read.blocks);
    return read.stamp;
  } finally {
    queue.resume();
  }
}

/**
 * A write was refused because another window changed the chapter (409 `chapter_changed`): the chapter is read
 * again, what waits unsent is rebased on it (merged, or kept twice where both changed the same words), and the
 * result is shown in the open editor. The editor is never replaced: the author types on while the chapter is
 * read, and what is typed meanwhile is in the queue by the time it is rebased. Answers the read's stamp.
 */
export async function takeInChangedChapter(editor: LexicalEditor, queue: AutosaveQueue): Promise<string> {
  const { storyId, chapterId } = queue.scope;
  await queue.pause();
  try {
    const read = await fetchChapterContent(storyId, chapterId, { background: true });
    showRebased(editor, queue, read.blocks);
    return read.stamp;
  } finally {
    queue.resume();
  }
}

/**
 * Asks on focus, on `online`, on becoming visible, and every `LIVE_CHECK_INTERVAL_MS` while visible; and takes
 * in the chapter at once when a write was refused as changed elsewhere (`onUnreadable` when it cannot be read).
 */
export function LiveContentPlugin({
  queue,
  stamp,
  onUnreadable,
}: {
  queue: AutosaveQueue;
  stamp: string;
  onUnreadable: () => void;
}) {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    let current = stamp;
    // One read at a time: each rebases the queue on what it read.
    let running: Promise<void> = Promise.resolve();
    let busy = false;
    const run = (task: () => Promise<string>, onError: (error: unknown) => void) => {
      busy = true;
      const next: Promise<void> = running
        .then(task)
        .then((read) => {
          current = read;
        }, onError)
        .finally(() => {
          if (running === next) busy = false;
        });
      running = next;
    };
    const check = () => {
      if (busy || document.visibilityState !== 'visible' || !navigator.onLine) return;
      run(
        () => takeInOtherSaves(editor, queue, current),
        (error) => console.error('Looking for changes saved elsewhere failed.', error),
      );
    };
    const stopListening = queue.onEvent((event) => {
      if (event.type !== 'chapterChanged') return;
      run(
        () => takeInChangedChapter(editor, queue),
        (error) => {
          console.error('Reading the chapter changed elsewhere failed.', error);
          onUnreadable();
        },
      );
    });
    const timer = setInterval(check, LIVE_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      stopListening();
      clearInterval(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [editor, queue, stamp, onUnreadable]);

  return null;
}
