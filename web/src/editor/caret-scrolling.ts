/**
 * Scrolling the manuscript so the caret is where the author can see it, in whatever element scrolls the
 * editor (the workspace's manuscript area).
 */

/** The nearest ancestor that scrolls vertically, or the document's scrolling element. */
export function scrollContainerOf(element: HTMLElement): HTMLElement {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

/** The caret's box on screen; for a caret with no box of its own (an empty line), its element's. */
export function caretRect(): DOMRect | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  // A DOM without layout (jsdom) has no boxes to measure.
  if (typeof range.getBoundingClientRect !== 'function') return null;
  const rect = range.getBoundingClientRect();
  if (rect.height > 0) return rect;
  const node = range.startContainer;
  const element = node instanceof HTMLElement ? node : node.parentElement;
  return element?.getBoundingClientRect() ?? null;
}

/** Scrolls so the caret sits in the middle of the scrolling area (as a chapter opens where the author was). */
export function centreCaret(editorRoot: HTMLElement): void {
  const rect = caretRect();
  if (!rect) return;
  const container = scrollContainerOf(editorRoot);
  const area = container.getBoundingClientRect();
  container.scrollTop += rect.top + rect.height / 2 - (area.top + area.height / 2);
}

/**
 * Keeps the caret at least `margin` (a share of the area's height) above the bottom of the scrolling area:
 * writing at the end of a chapter then never happens against the bottom edge.
 */
export function keepCaretAboveBottom(editorRoot: HTMLElement, margin: number): void {
  const rect = caretRect();
  if (!rect) return;
  const container = scrollContainerOf(editorRoot);
  const area = container.getBoundingClientRect();
  const lowest = area.bottom - area.height * margin;
  if (rect.bottom > lowest && rect.top < area.bottom + area.height)
    container.scrollTop += rect.bottom - lowest;
}
