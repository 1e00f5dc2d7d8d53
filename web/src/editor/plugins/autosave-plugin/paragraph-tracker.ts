import {
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  mergeRegister,
  type EditorState,
  type LexicalEditor,
  type NodeKey,
  type UpdateListenerPayload,
} from 'lexical';
import { $changedParagraphs, hasChanges, isWholeStateReplacement } from '../../changed-paragraphs';
import { $exportParagraphJSON, $isCustomParagraphNode, CustomParagraphNode, newKeyId } from '../../nodes';

/** Tags an update that sets content from outside (a load): it is not the author's change and is not saved. */
export const PROGRAMMATIC_LOAD_TAG = 'loreweaver-programmatic-load';

interface SaveCandidate {
  nodeKey: NodeKey;
  keyId: string;
  place: number;
  chunk: string;
  holdsCaret: boolean;
}

/** Where the tracker sends changes: the autosave queue. */
export interface ParagraphChangeSink {
  save(keyId: string, chunk: string, place: number): boolean;
  restore(keyId: string, chunk: string, place: number): void;
  delete(keyId: string): void;
  syncOrder(keyIds: string[]): void;
  hasPendingDelete(keyId: string): boolean;
}

/**
 * Turns editor updates into autosave ops (spec §4), in time proportional to the change: only the paragraphs
 * an update changed (see `$changedParagraphs`) are serialised. The paragraph order is re-read only when paragraphs
 * were added, removed or moved; then vanished paragraphs are queued for deletion and the full order is synced.
 *
 * It also guarantees each key_id names one paragraph: a paragraph copied by a split or paste carries its
 * source's key_id, and gets a fresh one before the update is committed.
 */
export class ParagraphTracker {
  private nodeKeys: NodeKey[] = [];
  private keyIds: string[] = [];
  private readonly indexByNodeKey = new Map<NodeKey, number>();
  private readonly nodeKeyByKeyId = new Map<string, NodeKey>();
  /** The chunk last sent (or found unchanged) per key_id. */
  private readonly savedChunks = new Map<string, string>();

  constructor(
    private readonly editor: LexicalEditor,
    private readonly sink: ParagraphChangeSink,
  ) {}

  /** Starts tracking from the editor's current content (which is not queued); returns the unregister function. */
  register(): () => void {
    this.editor.getEditorState().read(() => this.$rebuild());
    return mergeRegister(
      this.editor.registerNodeTransform(CustomParagraphNode, (paragraph) => this.$keepKeyIdUnique(paragraph)),
      this.editor.registerUpdateListener((payload) => this.handleUpdate(payload)),
    );
  }

  private $keepKeyIdUnique(paragraph: CustomParagraphNode): void {
    const keyId = paragraph.getKeyId();
    const owner = this.nodeKeyByKeyId.get(keyId);
    if (owner !== undefined && owner !== paragraph.getKey()) {
      const original = $getNodeByKey(owner);
      // The original still holds the key_id, so this paragraph is the copy. (If the original was removed in
      // the same update, the copy simply carries the block on.)
      if ($isCustomParagraphNode(original) && original.isAttached() && original.getKeyId() === keyId) {
        paragraph.setKeyId(newKeyId());
      }
      return;
    }
    if (owner === undefined) {
      // Both paragraphs are new in this update: the later one is the copy.
      const previous = paragraph.getPreviousSibling();
      if ($isCustomParagraphNode(previous) && previous.getKeyId() === keyId) paragraph.setKeyId(newKeyId());
    }
  }

  private handleUpdate(update: UpdateListenerPayload) {
    if (!hasChanges(update)) return;
    const { editorState, prevEditorState, dirtyElements, tags } = update;
    const isLoad = tags.has(PROGRAMMATIC_LOAD_TAG);
    const replacedState = isWholeStateReplacement(update);

    const candidates: SaveCandidate[] = [];
    editorState.read(() => {
      const changed = $changedParagraphs(update).filter($isCustomParagraphNode);
      const holdingCaret = isLoad ? null : this.$paragraphHoldingCaret();
      if (holdingCaret && !changed.includes(holdingCaret)) changed.push(holdingCaret);

      if (replacedState || this.$structureChanged(changed, dirtyElements)) {
        const previousKeyIds = this.keyIds;
        this.$rebuild();
        if (!isLoad) this.queueStructure(previousKeyIds);
      }

      // A load is not the author's change: nothing of it is serialised or sent.
      if (isLoad) return;
      for (const paragraph of changed) {
        const place = this.indexByNodeKey.get(paragraph.getKey());
        if (place === undefined) continue;
        candidates.push({
          nodeKey: paragraph.getKey(),
          keyId: paragraph.getKeyId(),
          place,
          chunk: JSON.stringify($exportParagraphJSON(paragraph)),
          holdsCaret: paragraph === holdingCaret,
        });
      }
    });

    this.readMissingBaselines(candidates, prevEditorState);
    for (const candidate of candidates) this.queueSave(candidate);
  }

  /**
   * What a paragraph held before the update, for those not sent yet: a paragraph marked dirty without being
   * changed (Lexical marks every node of a type dirty when a transform for it is registered) is not re-sent.
   */
  private readMissingBaselines(candidates: SaveCandidate[], prevEditorState: EditorState): void {
    const missing = candidates.filter((candidate) => !this.savedChunks.has(candidate.keyId));
    if (missing.length === 0) return;
    prevEditorState.read(() => {
      for (const { nodeKey, keyId } of missing) {
        const previous = $getNodeByKey(nodeKey);
        if ($isCustomParagraphNode(previous) && previous.getKeyId() === keyId && previous.isAttached()) {
          this.savedChunks.set(keyId, JSON.stringify($exportParagraphJSON(previous)));
        }
      }
    });
  }

  /** Spec §4: the paragraph holding the cursor is saved with every change. */
  private $paragraphHoldingCaret(): CustomParagraphNode | null {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return null;
    const block = selection.anchor.getNode().getTopLevelElement();
    return $isCustomParagraphNode(block) ? block : null;
  }

  /** Whether paragraphs were added, removed or moved, judged from the dirty ones and the known order. */
  private $structureChanged(changed: CustomParagraphNode[], dirtyElements: Map<NodeKey, boolean>): boolean {
    if ($getRoot().getChildrenSize() !== this.nodeKeys.length) return true;
    for (const key of dirtyElements.keys()) {
      if (this.indexByNodeKey.has(key) && !$getNodeByKey(key)?.isAttached()) return true;
    }
    return changed.some((paragraph) => {
      const index = this.indexByNodeKey.get(paragraph.getKey());
      if (index === undefined) return true;
      return (
        (paragraph.getPreviousSibling()?.getKey() ?? null) !== (this.nodeKeys[index - 1] ?? null) ||
        (paragraph.getNextSibling()?.getKey() ?? null) !== (this.nodeKeys[index + 1] ?? null) ||
        paragraph.getKeyId() !== this.keyIds[index]
      );
    });
  }

  /** Re-reads the paragraph order. */
  private $rebuild(): void {
    this.nodeKeys = [];
    this.keyIds = [];
    this.indexByNodeKey.clear();
    this.nodeKeyByKeyId.clear();
    for (const child of $getRoot().getChildren()) {
      if (!$isCustomParagraphNode(child)) continue;
      const nodeKey = child.getKey();
      const keyId = child.getKeyId();
      this.indexByNodeKey.set(nodeKey, this.nodeKeys.length);
      this.nodeKeys.push(nodeKey);
      this.keyIds.push(keyId);
      this.nodeKeyByKeyId.set(keyId, nodeKey);
    }
  }

  private queueStructure(previousKeyIds: string[]): void {
    const present = new Set(this.keyIds);
    for (const keyId of previousKeyIds) {
      if (present.has(keyId)) continue;
      this.sink.delete(keyId);
      // Should the paragraph come back (undo), it must be saved again whatever it holds.
      this.savedChunks.delete(keyId);
    }
    const sameOrder =
      previousKeyIds.length === this.keyIds.length &&
      previousKeyIds.every((keyId, index) => keyId === this.keyIds[index]);
    if (!sameOrder) this.sink.syncOrder(this.keyIds);
  }

  /**
   * Queues a changed paragraph. One whose chunk is what was last sent is skipped, unless it holds the caret
   * (spec §4 saves that one with every change) or its delete is still queued: then it is back (an undone
   * deletion) and must be saved even though its content is unchanged.
   */
  private queueSave({ keyId, chunk, place, holdsCaret }: SaveCandidate): void {
    if (this.sink.hasPendingDelete(keyId)) {
      this.sink.restore(keyId, chunk, place);
    } else if (holdsCaret || this.savedChunks.get(keyId) !== chunk) {
      this.sink.save(keyId, chunk, place);
    } else {
      return;
    }
    this.savedChunks.set(keyId, chunk);
  }
}
