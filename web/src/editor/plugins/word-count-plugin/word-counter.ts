import {
  $getNodeByKey,
  $getRoot,
  type LexicalEditor,
  type NodeKey,
  type UpdateListenerPayload,
} from 'lexical';
import { $changedParagraphs, hasChanges, isWholeStateReplacement } from '../../changed-paragraphs';
import { countWords } from '../../../../../shared/word-count';

/**
 * Keeps the chapter's word count in time proportional to the change: only the paragraphs an update changed
 * are recounted, and a paragraph that left the document takes its count with it. The count is reported after
 * each update that changes it, first after the update following registration (the chapter's load), not for
 * the empty editor it starts on. Returns the unregister function.
 */
export function registerWordCounter(editor: LexicalEditor, report: (words: number) => void): () => void {
  const wordsByParagraph = new Map<NodeKey, number>();
  let total = 0;
  let reported: number | null = null;

  const $count = (key: NodeKey, text: string) => {
    const words = countWords(text);
    total += words - (wordsByParagraph.get(key) ?? 0);
    wordsByParagraph.set(key, words);
  };

  /** Every paragraph, reusing the counts of those not in `recount`. */
  const $recountAll = (recount: Set<NodeKey>) => {
    const previous = new Map(wordsByParagraph);
    wordsByParagraph.clear();
    total = 0;
    for (const paragraph of $getRoot().getChildren()) {
      const key = paragraph.getKey();
      const known = recount.has(key) ? undefined : previous.get(key);
      if (known === undefined) $count(key, paragraph.getTextContent());
      else {
        wordsByParagraph.set(key, known);
        total += known;
      }
    }
  };

  const onUpdate = (update: UpdateListenerPayload) => {
    if (!hasChanges(update)) return;
    update.editorState.read(() => {
      const changed = $changedParagraphs(update);
      if (isWholeStateReplacement(update)) {
        $recountAll(new Set(changed.map((paragraph) => paragraph.getKey())));
        return;
      }
      for (const key of update.dirtyElements.keys()) {
        const words = wordsByParagraph.get(key);
        if (words !== undefined && !$getNodeByKey(key)?.isAttached()) {
          total -= words;
          wordsByParagraph.delete(key);
        }
      }
      for (const paragraph of changed) $count(paragraph.getKey(), paragraph.getTextContent());
      // A paragraph that came or went without being marked dirty would leave the count behind: start afresh.
      if (wordsByParagraph.size !== $getRoot().getChildrenSize()) $recountAll(new Set());
    });
    if (total === reported) return;
    reported = total;
    report(total);
  };

  editor.getEditorState().read(() => $recountAll(new Set()));
  return editor.registerUpdateListener(onUpdate);
}
