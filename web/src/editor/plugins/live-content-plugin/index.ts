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
import { reconcileWithServer, type StoredBlock } from '../../autosave/merge-pending-ops';
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
    const pending = queue.pendingOps();
    const dryRun = reconcileWithServer(read.blocks, pending, newKeyId);
    if (dryRun.conflicts > 0 || dryRun.merged > 0) return stamp;

    const pendingKeyIds = new Set(pending.blocks.map((op) => op.keyId));
    const changed = new Set(
      read.blocks
        .filter(
          (block) => !pendingKeyIds.has(block.keyId) && queue.knownServerChunk(block.keyId) !== block.chunk,
        )
        .map((block) => block.keyId),
    );
    const { blocks } = queue.reconcile(read.blocks, newKeyId);
    const shownOrder = editor.getEditorState().read(() =>
      $getRoot()
        .getChildren()
        .filter($isCustomParagraphNode)
        .map((paragraph) => paragraph.getKeyId()),
    );
    if (changed.size === 0 && shownOrder.join() === blocks.map((block) => block.keyId).join())
      return read.stamp;

    const focused = editor.getRootElement()?.contains(document.activeElement) ?? false;
    editor.update(() => $showServerContent(blocks, changed, focused), {
      tag: [PROGRAMMATIC_LOAD_TAG, HISTORY_MERGE_TAG],
      discrete: true,
    });
    // Undo goes back through whole states: one from before would take the other device's words out again.
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
    return read.stamp;
  } finally {
    queue.resume();
  }
}

/** Asks on focus, on `online`, on becoming visible, and every `LIVE_CHECK_INTERVAL_MS` while visible. */
export function LiveContentPlugin({ queue, stamp }: { queue: AutosaveQueue; stamp: string }) {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    let current = stamp;
    let checking = false;
    const check = () => {
      if (checking || document.visibilityState !== 'visible' || !navigator.onLine) return;
      checking = true;
      takeInOtherSaves(editor, queue, current)
        .then((next) => {
          current = next;
        })
        .catch((error: unknown) => console.error('Looking for changes saved elsewhere failed.', error))
        .finally(() => {
          checking = false;
        });
    };
    const timer = setInterval(check, LIVE_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [editor, queue, stamp]);

  return null;
}
