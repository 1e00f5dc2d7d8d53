/**
 * Ranges painted by the browser through the CSS Custom Highlight API (the find bar's matches, comments and
 * suggestions): the document, and so what autosave sends, is never touched. Where the API is missing (jsdom,
 * older browsers) nothing is painted, and every view lists what it would have painted otherwise.
 */

function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'
    ? CSS.highlights
    : undefined;
}

/** Paints each named highlight over its ranges; a name given no ranges is removed. */
export function paintHighlights(highlights: Readonly<Record<string, readonly Range[]>>): void {
  const registry = highlightRegistry();
  if (!registry) return;
  for (const [name, ranges] of Object.entries(highlights)) {
    if (ranges.length > 0) registry.set(name, new Highlight(...ranges));
    else registry.delete(name);
  }
}

export function clearHighlights(names: readonly string[]): void {
  const registry = highlightRegistry();
  for (const name of names) registry?.delete(name);
}
