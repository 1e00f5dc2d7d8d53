/**
 * The find bar's matches in the editor's paragraphs. Each paragraph is read as its stored JSON and searched
 * with the shared `findInParagraph` / replaced with `replaceInParagraph`, so the bar finds and changes exactly
 * what the story-wide search and replace would, with the same formatting rules.
 */
import {
  $createRangeSelection,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type LexicalEditor,
  type NodeKey,
} from 'lexical';
import { paragraphText, spansCovering, type InlineSpan } from '../../../../../shared/paragraph-text';
import type { Paragraph } from '../../../../../shared/schemas/paragraph';
import {
  findInParagraph,
  replaceInParagraph,
  replaceMatchInParagraph,
  type FindOptions,
  type ParagraphReplacement,
} from '../../../../../shared/text-replacement';
import {
  $exportParagraphJSON,
  $importParagraphJSON,
  $isCustomParagraphNode,
  type CustomParagraphNode,
} from '../../nodes';

/** A place in a text node: its key and an offset in its text. */
export interface TextPoint {
  nodeKey: NodeKey;
  offset: number;
}

/** A stretch of a paragraph's text as places in its text nodes. */
export interface EditorTextRange {
  paragraphKey: NodeKey;
  start: TextPoint;
  end: TextPoint;
}

export interface EditorMatch extends EditorTextRange {
  /** Its place among its paragraph's matches, as `replaceMatchInParagraph` counts them. */
  indexInParagraph: number;
}

/** The paragraph as it would be saved: the shared text tools read this. */
export function $storedParagraph(paragraph: CustomParagraphNode): Paragraph {
  return $exportParagraphJSON(paragraph) as unknown as Paragraph;
}

/**
 * [start, end) of the paragraph's text (as `paragraphText` counts it) as places in its text nodes; null for an
 * empty range or one outside the text.
 */
export function $paragraphTextRange(
  paragraph: CustomParagraphNode,
  spans: readonly InlineSpan[],
  start: number,
  end: number,
): EditorTextRange | null {
  const covering = spansCovering(spans, start, end);
  const first = covering[0];
  const last = covering[covering.length - 1];
  if (!first || !last) return null;
  const children = paragraph.getChildren();
  return {
    paragraphKey: paragraph.getKey(),
    start: { nodeKey: children[first.childIndex]!.getKey(), offset: start - first.start },
    end: { nodeKey: children[last.childIndex]!.getKey(), offset: end - last.start },
  };
}

/** Every match of `find` in the chapter, in reading order. */
export function $findEditorMatches(find: string, options: FindOptions): EditorMatch[] {
  const matches: EditorMatch[] = [];
  for (const paragraph of $getRoot().getChildren()) {
    if (!$isCustomParagraphNode(paragraph)) continue;
    const stored = $storedParagraph(paragraph);
    const found = findInParagraph(stored, find, options);
    if (found.length === 0) continue;
    const { spans } = paragraphText(stored);
    found.forEach((match, indexInParagraph) => {
      const range = $paragraphTextRange(paragraph, spans, match.start, match.end);
      if (range) matches.push({ ...range, indexInParagraph });
    });
  }
  return matches;
}

/** The paragraph's children rebuilt from the replaced JSON; the paragraph itself (its key_id) stays. */
export function $applyReplacement(paragraph: CustomParagraphNode, result: ParagraphReplacement): void {
  const rebuilt = $importParagraphJSON({ children: result.paragraph.children as never });
  paragraph.clear();
  paragraph.append(...rebuilt.getChildren());
}

/** A selection left on a node the replacement removed is dropped; the bar keeps the focus meanwhile. */
export function $dropLostSelection(): void {
  const selection = $getSelection();
  if (
    $isRangeSelection(selection) &&
    (!$getNodeByKey(selection.anchor.key)?.isAttached() || !$getNodeByKey(selection.focus.key)?.isAttached())
  ) {
    $setSelection(null);
  }
}

/** 'Replace all': every match in the chapter; answers how many were replaced. */
export function $replaceAllMatches(find: string, replacement: string, options: FindOptions): number {
  let replaced = 0;
  for (const paragraph of $getRoot().getChildren()) {
    if (!$isCustomParagraphNode(paragraph)) continue;
    const result = replaceInParagraph($storedParagraph(paragraph), find, replacement, options);
    if (result.replaced === 0) continue;
    $applyReplacement(paragraph, result);
    replaced += result.replaced;
  }
  $dropLostSelection();
  return replaced;
}

/** 'Replace': the one match; answers whether it was still there to replace. */
export function $replaceEditorMatch(
  match: EditorMatch,
  find: string,
  replacement: string,
  options: FindOptions,
): boolean {
  const paragraph = $getNodeByKey(match.paragraphKey);
  if (!$isCustomParagraphNode(paragraph)) return false;
  const result = replaceMatchInParagraph(
    $storedParagraph(paragraph),
    find,
    replacement,
    options,
    match.indexInParagraph,
  );
  if (result.replaced === 0) return false;
  $applyReplacement(paragraph, result);
  $dropLostSelection();
  return true;
}

/** Selects the match's text in the editor: where the caret lands when the bar closes. */
export function $selectMatch(match: EditorTextRange): void {
  if (!$getNodeByKey(match.start.nodeKey) || !$getNodeByKey(match.end.nodeKey)) return;
  const selection = $createRangeSelection();
  selection.anchor.set(match.start.nodeKey, match.start.offset, 'text');
  selection.focus.set(match.end.nodeKey, match.end.offset, 'text');
  $setSelection(selection);
}

function firstTextNode(element: HTMLElement): Text | null {
  return element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode() as Text | null;
}

function domPoint(editor: LexicalEditor, point: TextPoint): [Text, number] | null {
  const element = editor.getElementByKey(point.nodeKey);
  const text = element && firstTextNode(element);
  return text ? [text, Math.min(point.offset, text.length)] : null;
}

/** The match as a DOM range over the rendered text, or null when it is not rendered. */
export function matchRange(editor: LexicalEditor, match: EditorTextRange): Range | null {
  const start = domPoint(editor, match.start);
  const end = domPoint(editor, match.end);
  if (!start || !end) return null;
  const range = start[0].ownerDocument.createRange();
  range.setStart(...start);
  range.setEnd(...end);
  return range;
}
