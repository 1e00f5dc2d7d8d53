/**
 * Offsets in a rendered paragraph's visible text. The reading view renders every inline node as one text node
 * holding exactly its `inlineNodeText` (a line break as '\n', a tab as '\t'), so the paragraph element's text
 * nodes, in order, spell `paragraphText(paragraph).text` and offsets found here are the anchors' offsets.
 */

/** Marks a rendered paragraph; its value is the block's key_id. */
export const KEY_ID_ATTRIBUTE = 'data-key-id';

/** The offset in `root`'s text of the DOM point (`container`, `offset`), as a selection's boundary gives it. */
export function textOffsetIn(root: Node, container: Node, offset: number): number {
  const point = root.ownerDocument!.createRange();
  point.setStart(container, offset);
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let total = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node === container) return total + offset;
    // A text node that starts at or after the point holds none of the text before it.
    if (point.comparePoint(node, 0) >= 0) return total;
    total += (node as Text).length;
  }
  return total;
}

export interface ParagraphSelection {
  keyId: string;
  start: number;
  end: number;
}

function paragraphOf(node: Node): Element | null {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest(`[${KEY_ID_ATTRIBUTE}]`) ?? null;
}

/**
 * The selected part of one paragraph, as offsets in its text; null for a collapsed range, one that spans
 * paragraphs (a comment is anchored in one), or one outside `within`.
 */
export function paragraphSelection(range: Range, within: Element): ParagraphSelection | null {
  const paragraph = paragraphOf(range.startContainer);
  if (!paragraph || paragraph !== paragraphOf(range.endContainer) || !within.contains(paragraph)) return null;
  const start = textOffsetIn(paragraph, range.startContainer, range.startOffset);
  const end = textOffsetIn(paragraph, range.endContainer, range.endOffset);
  if (end <= start) return null;
  return { keyId: paragraph.getAttribute(KEY_ID_ATTRIBUTE)!, start, end };
}

/** The DOM range of [start, end) of a rendered paragraph's text, or null when its text is shorter. */
export function rangeOfOffsets(paragraph: Element, start: number, end: number): Range | null {
  const range = paragraph.ownerDocument.createRange();
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
  let total = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = (node as Text).length;
    if (!started && start <= total + length) {
      range.setStart(node, start - total);
      started = true;
    }
    if (started && end <= total + length) {
      range.setEnd(node, end - total);
      return range;
    }
    total += length;
  }
  return null;
}
