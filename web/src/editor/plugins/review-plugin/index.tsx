import GlobalStyles from '@mui/material/GlobalStyles';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useImperativeHandle, type Ref } from 'react';
import type { TextAnchor } from '../../../../../shared/anchoring';
import { $selectMatch, matchRange } from '../find-replace-plugin/editor-matches';
import { $anchoredRange, $applySuggestion, $chapterParagraphs, $selectionAnchor } from './review-ranges';
import {
  clearReviewHighlights,
  reviewHighlightStyles,
  showReviewHighlights,
  type ReviewRanges,
} from './review-highlights';

/** A comment thread or a suggestion as the text shows it. */
export interface ReviewMark {
  id: string;
  kind: 'comment' | 'suggestion';
  anchor: TextAnchor;
}

/** What the page around the editor asks of it: the selected words, showing a mark, applying a suggestion. */
export interface ReviewEditorHandle {
  /** The selected words as an anchor; null when nothing (or more than one paragraph) is selected. */
  selectionAnchor(): TextAnchor | null;
  /** Selects and scrolls to the mark's words; false when they are gone. */
  reveal(anchor: TextAnchor): boolean;
  /** Makes the suggested change in the text (saved by autosave); false when its words changed. */
  applySuggestion(anchor: TextAnchor, replacement: string): boolean;
}

interface ReviewPluginProps {
  marks: readonly ReviewMark[];
  /** The mark chosen in the panel, painted stronger. */
  chosenId?: string | undefined;
  handleRef: Ref<ReviewEditorHandle>;
}

/**
 * Paints the chapter's comments and suggestions over its text, found again after every change so that a
 * highlight follows its words as the author types, and gives the page its handle on the editor.
 */
export function ReviewPlugin({ marks, chosenId, handleRef }: ReviewPluginProps) {
  const [editor] = useLexicalComposerContext();

  useImperativeHandle(
    handleRef,
    () => ({
      selectionAnchor: () => editor.getEditorState().read($selectionAnchor),
      reveal(anchor) {
        let revealed = false;
        editor.update(() => {
          const found = $anchoredRange(anchor, $chapterParagraphs());
          if (!found) return;
          $selectMatch(found.range);
          revealed = true;
        });
        if (revealed) editor.getRootElement()?.focus({ preventScroll: true });
        return revealed;
      },
      applySuggestion(anchor, replacement) {
        let applied = false;
        editor.update(() => {
          applied = $applySuggestion(anchor, replacement);
        });
        return applied;
      },
    }),
    [editor],
  );

  useEffect(() => {
    let frame = 0;
    // One repaint per frame however many updates come: finding anchors again costs more than a keystroke.
    const paint = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const ranges: ReviewRanges = { comments: [], suggestions: [], chosen: [] };
        editor.getEditorState().read(() => {
          const paragraphs = $chapterParagraphs();
          for (const mark of marks) {
            const found = $anchoredRange(mark.anchor, paragraphs);
            const range = found && matchRange(editor, found.range);
            if (!range) continue;
            (mark.kind === 'comment' ? ranges.comments : ranges.suggestions).push(range);
            if (mark.id === chosenId) ranges.chosen.push(range);
          }
        });
        showReviewHighlights(ranges);
      });
    };
    paint();
    const unregister = editor.registerUpdateListener(paint);
    return () => {
      cancelAnimationFrame(frame);
      unregister();
      clearReviewHighlights();
    };
  }, [editor, marks, chosenId]);

  return <GlobalStyles styles={reviewHighlightStyles} />;
}
