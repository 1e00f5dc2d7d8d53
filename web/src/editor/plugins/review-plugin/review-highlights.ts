/** Comments and suggestions painted over the author's text (`paintHighlights`), as the find bar's matches are. */
import type { Theme } from '@mui/material/styles';
import { clearHighlights, paintHighlights } from '../../../lib/css-highlights';

export const COMMENT_HIGHLIGHT = 'lw-comment';
export const SUGGESTION_HIGHLIGHT = 'lw-suggestion';
export const CHOSEN_REVIEW_HIGHLIGHT = 'lw-review-chosen';

export interface ReviewRanges {
  comments: Range[];
  suggestions: Range[];
  chosen: Range[];
}

export function showReviewHighlights(ranges: ReviewRanges): void {
  paintHighlights({
    [COMMENT_HIGHLIGHT]: ranges.comments,
    [SUGGESTION_HIGHLIGHT]: ranges.suggestions,
    [CHOSEN_REVIEW_HIGHLIGHT]: ranges.chosen,
  });
}

export function clearReviewHighlights(): void {
  clearHighlights([COMMENT_HIGHLIGHT, SUGGESTION_HIGHLIGHT, CHOSEN_REVIEW_HIGHLIGHT]);
}

/**
 * How they look, in the shown scheme's colours: a comment underlined and tinted, a suggestion's words struck
 * in the editor's colour (tracked changes), the thread chosen in the panel stronger.
 */
export const reviewHighlightStyles = (theme: Theme) => ({
  [`::highlight(${COMMENT_HIGHLIGHT})`]: {
    backgroundColor: 'rgba(255, 193, 7, 0.22)',
    textDecorationLine: 'underline',
    textDecorationColor: 'rgba(255, 160, 0, 0.9)',
    textDecorationThickness: '2px',
  },
  [`::highlight(${SUGGESTION_HIGHLIGHT})`]: {
    textDecorationLine: 'line-through',
    textDecorationColor: theme.vars.palette.error.main,
    textDecorationThickness: '2px',
    color: theme.vars.palette.error.main,
  },
  [`::highlight(${CHOSEN_REVIEW_HIGHLIGHT})`]: { backgroundColor: 'rgba(255, 160, 0, 0.45)' },
});
