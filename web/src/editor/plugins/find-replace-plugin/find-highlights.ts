/**
 * The find bar's highlights (`paintHighlights`). Where the browser cannot paint them the counter and the
 * stepping still work.
 */
import { clearHighlights, paintHighlights } from '../../../lib/css-highlights';

export const MATCH_HIGHLIGHT = 'lw-find-match';
export const CURRENT_MATCH_HIGHLIGHT = 'lw-find-current';

export function showFindHighlights(matches: readonly Range[], current: Range | null): void {
  paintHighlights({ [MATCH_HIGHLIGHT]: matches, [CURRENT_MATCH_HIGHLIGHT]: current ? [current] : [] });
}

export function clearFindHighlights(): void {
  clearHighlights([MATCH_HIGHLIGHT, CURRENT_MATCH_HIGHLIGHT]);
}

/** For the page's global styles: how the two highlights look. */
export const findHighlightStyles = {
  [`::highlight(${MATCH_HIGHLIGHT})`]: { backgroundColor: 'rgba(255, 200, 60, 0.45)' },
  [`::highlight(${CURRENT_MATCH_HIGHLIGHT})`]: { backgroundColor: 'rgba(245, 124, 0, 0.75)', color: '#000' },
};
