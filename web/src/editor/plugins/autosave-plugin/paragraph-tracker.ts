import {
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  HISTORIC_TAG,
  mergeRegister,
  type EditorState,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type UpdateListenerPayload,
} from 'lexical';
import { countWords } from '../../normalisation';
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
 * Turns editor updates into autosave ops (spec §4) and keeps the chapter's word count, in time proportional
 * to the change: only the paragraphs an update marked dirty (Lexical's `dirtyElements`, which include the
 * parents of changed text) are serialised and recounted. The paragraph order is re-read only when paragraphs
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
  private readonly wordsByNodeKey = new Map<NodeKey, number>();
  private totalWords = 0;
  private reportedWords: number | null = null;
  /** The chunk last sent (or found unchanged) per key_id. */
  private readonly savedChunks = new Map<string, string>();

  constructor(
    private readonly editor: LexicalEditor,
    private readonly sink: ParagraphChangeSink,
    private readonly onWordCount: (words: number) => void = () => undefined,
  ) {}

  /**
   * Starts tracking from the editor's current content (which is not queued); returns the unregister function.
   * The word count is first reported after the next update (the chapter's load), not for an empty editor.
   */
  register(): () => void {
    this.editor.getEditorState().read(() => this.$rebuild(new Set()));
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

  private handleUpdate({
    editorState,
    prevEditorState,
    dirtyElements,
    dirtyLeaves,
    tags,
  }: UpdateListenerPayload) {
    if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
    const isLoad = tags.has(PROGRAMMATIC_LOAD_TAG);
    // Undo, redo and other whole-state replacements mark only the root, so the changed paragraphs are found
    // by comparing with the previous state instead (nodes are immutable: an unchanged one is the same object).
    const replacedState =
      tags.has(HISTORIC_TAG) ||
      (dirtyElements.size === 1 && dirtyElements.get('root') === false && dirtyLeaves.size === 0);

    const candidates: SaveCandidate[] = [];
    editorState.read(() => {
      const changed = replacedState
        ? this.$paragraphsDifferingFrom(editorState, prevEditorState)
        : this.$dirtyParagraphs(dirtyElements);
      const holdingCaret = isLoad ? null : this.$paragraphHoldingCaret();
      if (holdingCaret && !changed.includes(holdingCaret)) changed.push(holdingCaret);

      if (replacedState || this.$structureChanged(changed, dirtyElements)) {
        const previousKeyIds = this.keyIds;
        this.$rebuild(new Set(changed.map((paragraph) => paragraph.getKey())));
        if (!isLoad) this.queueStructure(previousKeyIds);
      } else {
        for (const paragraph of changed) this.recount(paragraph);
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
    this.reportWords();
  }

  private reportWords(): void {
    if (this.totalWords === this.reportedWords) return;
    this.reportedWords = this.totalWords;
    this.onWordCount(this.totalWords);
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

  /** Paragraphs of the document that the update marked dirty, directly or through their text. */
  private $dirtyParagraphs(dirtyElements: Map<NodeKey, boolean>): CustomParagraphNode[] {
    const paragraphs: CustomParagraphNode[] = [];
    for (const key of dirtyElements.keys()) {
      const node = $getNodeByKey(key);
      if ($isCustomParagraphNode(node) && node.isAttached()) paragraphs.push(node);
    }
    return paragraphs;
  }

  /** Spec §4: the paragraph holding the cursor is saved with every change. */
  private $paragraphHoldingCaret(): CustomParagraphNode | null {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return null;
    const block = selection.anchor.getNode().getTopLevelElement();
    return $isCustomParagraphNode(block) ? block : null;
  }

  private $paragraphsDifferingFrom(next: EditorState, previous: EditorState): CustomParagraphNode[] {
    const differs = (node: LexicalNode): boolean =>
      previous._nodeMap.get(node.getKey()) !== next._nodeMap.get(node.getKey()) ||
      ($isElementNode(node) && node.getChildren().some(differs));
    return $getRoot().getChildren().filter($isCustomParagraphNode).filter(differs);
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

  /** Re-reads the order (and the word counts of `recount` plus any paragraph not counted yet). */
  private $rebuild(recount: Set<NodeKey>): void {
    this.nodeKeys = [];
    this.keyIds = [];
    this.indexByNodeKey.clear();
    this.nodeKeyByKeyId.clear();
    const previousWords = new Map(this.wordsByNodeKey);
    this.wordsByNodeKey.clear();
    this.totalWords = 0;
    for (const child of $getRoot().getChildren()) {
      if (!$isCustomParagraphNode(child)) continue;
      const nodeKey = child.getKey();
      const keyId = child.getKeyId();
      this.indexByNodeKey.set(nodeKey, this.nodeKeys.length);
      this.nodeKeys.push(nodeKey);
      this.keyIds.push(keyId);
      this.nodeKeyByKeyId.set(keyId, nodeKey);
      const known = recount.has(nodeKey) ? undefined : previousWords.get(nodeKey);
      const words = known ?? countWords(child.getTextContent());
      this.wordsByNodeKey.set(nodeKey, words);
      this.totalWords += words;
    }
  }

  private recount(paragraph: CustomParagraphNode): void {
    const nodeKey = paragraph.getKey();
    const words = countWords(paragraph.getTextContent());
    this.totalWords += words - (this.wordsByNodeKey.get(nodeKey) ?? 0);
    this.wordsByNodeKey.set(nodeKey, words);
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
