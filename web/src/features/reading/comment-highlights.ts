/** The reading view's comment highlights (`paintHighlights`): the rendered text is never split into marks. */
import { clearHighlights, paintHighlights } from '../../lib/css-highlights';

export const COMMENT_HIGHLIGHT = 'lw-reading-comment';
export const ACTIVE_COMMENT_HIGHLIGHT = 'lw-reading-comment-active';

export function showCommentHighlights(ranges: readonly Range[], active: Range | null): void {
  paintHighlights({ [COMMENT_HIGHLIGHT]: ranges, [ACTIVE_COMMENT_HIGHLIGHT]: active ? [active] : [] });
}

export function clearCommentHighlights(): void {
  clearHighlights([COMMENT_HIGHLIGHT, ACTIVE_COMMENT_HIGHLIGHT]);
}
