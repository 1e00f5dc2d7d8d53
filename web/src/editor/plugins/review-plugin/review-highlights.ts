/**
 * Comments and suggestions painted over the author's text through the CSS Custom Highlight API, as the find
 * bar's matches are: the document (and what autosave sends) is never touched. Where the API is missing (jsdom,
 * older browsers) nothing is painted; the comments panel still lists every thread.
 */
import type { Theme } from '@mui/material/styles';

export const COMMENT_HIGHLIGHT = 'lw-comment';
export const SUGGESTION_HIGHLIGHT = 'lw-suggestion';
export const CHOSEN_REVIEW_HIGHLIGHT = 'lw-review-chosen';

export interface ReviewRanges {
  comments: Range[];
  suggestions: Range[];
  chosen: Range[];
}

function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'
    ? CSS.highlights
    : undefined;
}

export function showReviewHighlights(ranges: ReviewRanges): void {
  const registry = highlightRegistry();
  if (!registry) return;
  registry.set(COMMENT_HIGHLIGHT, new Highlight(...ranges.comments));
  registry.set(SUGGESTION_HIGHLIGHT, new Highlight(...ranges.suggestions));
  registry.set(CHOSEN_REVIEW_HIGHLIGHT, new Highlight(...ranges.chosen));
}

export function clearReviewHighlights(): void {
  const registry = highlightRegistry();
  for (const name of [COMMENT_HIGHLIGHT, SUGGESTION_HIGHLIGHT, CHOSEN_REVIEW_HIGHLIGHT])
    registry?.delete(name);
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
