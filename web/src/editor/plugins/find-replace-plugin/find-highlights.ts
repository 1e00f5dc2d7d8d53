/**
 * The find bar's highlights through the CSS Custom Highlight API: ranges painted by the browser, so the
 * document (and what autosave sends) is never touched. Where the API is missing (jsdom, older browsers)
 * nothing is painted; the counter and the stepping still work.
 */

export const MATCH_HIGHLIGHT = 'lw-find-match';
export const CURRENT_MATCH_HIGHLIGHT = 'lw-find-current';

function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'
    ? CSS.highlights
    : undefined;
}

export function showFindHighlights(matches: readonly Range[], current: Range | null): void {
  const registry = highlightRegistry();
  if (!registry) return;
  registry.set(MATCH_HIGHLIGHT, new Highlight(...matches));
  if (current) registry.set(CURRENT_MATCH_HIGHLIGHT, new Highlight(current));
  else registry.delete(CURRENT_MATCH_HIGHLIGHT);
}

export function clearFindHighlights(): void {
  const registry = highlightRegistry();
  registry?.delete(MATCH_HIGHLIGHT);
  registry?.delete(CURRENT_MATCH_HIGHLIGHT);
}

/** For the page's global styles: how the two highlights look. */
export const findHighlightStyles = {
  [`::highlight(${MATCH_HIGHLIGHT})`]: { backgroundColor: 'rgba(255, 200, 60, 0.45)' },
  [`::highlight(${CURRENT_MATCH_HIGHLIGHT})`]: { backgroundColor: 'rgba(245, 124, 0, 0.75)', color: '#000' },
};
