/** Who wrote a comment, reply or suggestion, and when (an ISO date). */
export interface ReviewNote {
  author: string;
  body: string;
  date: string;
}

/**
 * Issue 24 §5: a comment thread on [start, end) of its paragraph's text (`paragraphText` offsets), as the DOCX
 * shows it: a Word comment with its replies.
 */
export interface ManuscriptComment extends ReviewNote {
  start: number;
  end: number;
  replies: readonly ReviewNote[];
}

/** An open suggestion: [start, end) of the paragraph's text replaced by `replacement`, a tracked change. */
export interface ManuscriptSuggestion {
  start: number;
  end: number;
  replacement: string;
  author: string;
  date: string;
}

/** What the export adds to one paragraph when asked for comments or suggestions (DOCX only). */
export interface ParagraphReview {
  comments: readonly ManuscriptComment[];
  suggestions: readonly ManuscriptSuggestion[];
}
