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
 * The part of the scrolling area the author sees: below the sticky toolbar at its top, and above the bottom of
 * the visual viewport (a phone's keyboard covers the bottom of the window without resizing it).
 */
function visibleArea(container: HTMLElement): { top: number; bottom: number } {
  const area = container.getBoundingClientRect();
  // The toolbar, and the find bar under it when open, stay at the top of the scrolling area.
  const stuck = [...container.querySelectorAll<HTMLElement>('[role="toolbar"], [role="search"]')];
  const top = Math.max(area.top, ...stuck.map((element) => element.getBoundingClientRect().bottom));
  const viewport = window.visualViewport;
  const bottom = Math.min(area.bottom, viewport ? viewport.offsetTop + viewport.height : area.bottom);
  return { top, bottom };
}

/**
 * Keeps the caret at least `margin` (a share of the visible area's height) above its bottom: writing at the end
 * of a chapter then never happens against the bottom edge, nor does the caret's line go under the toolbar.
 */
export function keepCaretAboveBottom(editorRoot: HTMLElement, margin: number): void {
  const rect = caretRect();
  if (!rect) return;
  const container = scrollContainerOf(editorRoot);
  const { top, bottom } = visibleArea(container);
  const lowest = bottom - (bottom - top) * margin;
  if (rect.bottom > lowest && rect.top < bottom + (bottom - top))
    container.scrollTop += Math.min(rect.bottom - lowest, rect.top - top);
}

/** Scrolls so the element sits in the middle of what the author sees (a find match, under the toolbar and the find bar). */
export function centreInView(element: HTMLElement): void {
  const container = scrollContainerOf(element);
  const { top, bottom } = visibleArea(container);
  const rect = element.getBoundingClientRect();
  container.scrollTop += rect.top + rect.height / 2 - (top + bottom) / 2;
}
