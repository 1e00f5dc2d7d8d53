/**
 * Comments and suggestions (issue 24) as the editor sees them: the chapter's paragraphs as anchors are found
 * in, the selection as a new anchor, an anchor as a range of text nodes, and an accepted suggestion applied.
 * Anchors never enter the document: they are found again in the text as it stands.
 */
import {
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $isTextNode,
  type LexicalNode,
  type NodeKey,
  type PointType,
  type UpdateListenerPayload,
} from 'lexical';
import { anchorOf, reanchor, type AnchorParagraph, type TextAnchor } from '../../../../../shared/anchoring';
import { paragraphText, type InlineSpan } from '../../../../../shared/paragraph-text';
import { replaceRangeInParagraph } from '../../../../../shared/text-replacement';
import { $changedParagraphs } from '../../changed-paragraphs';
import { $isCustomParagraphNode, type CustomParagraphNode } from '../../nodes';
import {
  $applyReplacement,
  $dropLostSelection,
  $paragraphTextRange,
  $storedParagraph,
  type EditorTextRange,
} from '../find-replace-plugin/editor-matches';

interface ChapterParagraph extends AnchorParagraph {
  node: CustomParagraphNode;
  spans: readonly InlineSpan[];
}

function $readParagraph(node: CustomParagraphNode): ChapterParagraph {
  const { text, spans } = paragraphText($storedParagraph(node));
  return { key_id: node.getKeyId(), text, spans, node };
}

/** The chapter's paragraphs in order, each with its key_id, visible text and the spans of its children. */
export function $chapterParagraphs(): ChapterParagraph[] {
  return $getRoot().getChildren().filter($isCustomParagraphNode).map($readParagraph);
}

/**
 * The chapter's paragraphs as `$chapterParagraphs` reads them, each read again only once an update changed it:
 * the review highlights are placed again after every update, and reading every paragraph's text each time cost
 * each keystroke in a 150,000-word chapter with a comment tens of milliseconds.
 */
export class ChapterParagraphCache {
  private paragraphs = new Map<NodeKey, ChapterParagraph>();

  /** Forgets what the update changed (every paragraph it changed, whole-state replacements included). */
  forgetChanged(update: UpdateListenerPayload): void {
    update.editorState.read(() => {
      for (const paragraph of $changedParagraphs(update)) this.paragraphs.delete(paragraph.getKey());
    });
  }

  /** The paragraphs as they stand; those removed since the last read are let go. */
  $read(): ChapterParagraph[] {
    const current = new Map<NodeKey, ChapterParagraph>();
    for (const node of $getRoot().getChildren().filter($isCustomParagraphNode)) {
      current.set(node.getKey(), this.paragraphs.get(node.getKey()) ?? $readParagraph(node));
    }
    this.paragraphs = current;
    return [...current.values()];
  }
}

/** Where an anchor's words are now, as text-node places; null once they are gone (or for an insertion point). */
export function $anchoredRange(
  anchor: TextAnchor,
  paragraphs: readonly ChapterParagraph[],
): { range: EditorTextRange; anchor: TextAnchor } | null {
  const found = reanchor(anchor, paragraphs);
  if (found.state === 'detached') return null;
  const paragraph = paragraphs.find((candidate) => candidate.key_id === found.anchor.key_id);
  const range =
    paragraph && $paragraphTextRange(paragraph.node, paragraph.spans, found.anchor.start, found.anchor.end);
  return range ? { range, anchor: found.anchor } : null;
}

/** A selection point as an offset in its paragraph's visible text. */
function offsetInParagraph(point: PointType, paragraph: ChapterParagraph): number {
  const node = point.getNode();
  if (node === paragraph.node) return paragraph.spans[point.offset]?.start ?? paragraph.text.length;
  const child = paragraph.node.getChildren().findIndex((candidate: LexicalNode) => candidate.is(node));
  const span = paragraph.spans[child];
  if (!span) return 0;
  return span.start + ($isTextNode(node) ? Math.min(point.offset, span.end - span.start) : 0);
}

/** The selected words as a new anchor, when the selection lies within one paragraph and holds some text. */
export function $selectionAnchor(): TextAnchor | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || selection.isCollapsed()) return null;
  const top = selection.anchor.getNode().getTopLevelElement();
  if (!top || !top.is(selection.focus.getNode().getTopLevelElement())) return null;
  const paragraph = $chapterParagraphs().find((candidate) => candidate.node.is(top));
  if (!paragraph) return null;
  const [start, end] = [
    offsetInParagraph(selection.anchor, paragraph),
    offsetInParagraph(selection.focus, paragraph),
  ].sort((first, second) => first - second) as [number, number];
  if (paragraph.text.slice(start, end).trim() === '') return null;
  return anchorOf(paragraph, start, end);
}

/**
 * An accepted suggestion made in the text: its words, found where they are now, replaced by the editor's text
 * (formatting kept by the shared replacement rules). False when its words are not there as the editor saw them.
 */
export function $applySuggestion(anchor: TextAnchor, replacement: string): boolean {
  const paragraphs = $chapterParagraphs();
  const found = reanchor(anchor, paragraphs);
  if (found.state === 'detached' || found.anchor.exact !== anchor.exact) return false;
  const paragraph = paragraphs.find((candidate) => candidate.key_id === found.anchor.key_id);
  if (!paragraph) return false;
  const result = replaceRangeInParagraph(
    $storedParagraph(paragraph.node),
    found.anchor.start,
    found.anchor.end,
    replacement,
  );
  if (result.replaced === 0) return false;
  $applyReplacement(paragraph.node, result);
  $dropLostSelection();
  return true;
}
