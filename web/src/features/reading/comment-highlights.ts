/**
 * The reading view's comment highlights through the CSS Custom Highlight API, as the find bar does: the
 * browser paints the ranges and the rendered text is never split into marks. Where the API is missing (jsdom,
 * older browsers) nothing is painted; the comments list still shows every thread.
 */

export const COMMENT_HIGHLIGHT = 'lw-reading-comment';
export const ACTIVE_COMMENT_HIGHLIGHT = 'lw-reading-comment-active';

function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'
    ? CSS.highlights
    : undefined;
}

export function showCommentHighlights(ranges: readonly Range[], active: Range | null): void {
  const registry = highlightRegistry();
  if (!registry) return;
  registry.set(COMMENT_HIGHLIGHT, new Highlight(...ranges));
  if (active) registry.set(ACTIVE_COMMENT_HIGHLIGHT, new Highlight(active));
  else registry.delete(ACTIVE_COMMENT_HIGHLIGHT);
}

export function clearCommentHighlights(): void {
  const registry = highlightRegistry();
  registry?.delete(COMMENT_HIGHLIGHT);
  registry?.delete(ACTIVE_COMMENT_HIGHLIGHT);
}
