import GlobalStyles from '@mui/material/GlobalStyles';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import Box from '@mui/material/Box';
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { createPortal } from 'react-dom';
import type { TextAnchor } from '../../../../../shared/anchoring';
import { $selectMatch, matchRange } from '../find-replace-plugin/editor-matches';
import {
  $anchoredRange,
  $applySuggestion,
  $chapterParagraphs,
  $selectionAnchor,
  ChapterParagraphCache,
} from './review-ranges';
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
  /** A suggestion's new words, shown over the struck ones. */
  replacement?: string;
}

/**
 * A suggestion's new words, placed over the last line of the words it replaces (in the editor box's
 * coordinates): from its start in the left half of the box, up to its end in the right half, so they stay in it.
 */
interface Insertion {
  id: string;
  text: string;
  left: number;
  top: number;
  fromEnd: boolean;
}

/** Where the range's last line is, relative to `box`; null where layout is not known (jsdom). */
function lastLineOf(range: Range, box: HTMLElement): Omit<Insertion, 'id' | 'text'> | null {
  if (typeof range.getClientRects !== 'function') return null;
  const rects = range.getClientRects();
  const last = rects[rects.length - 1];
  if (!last) return null;
  const origin = box.getBoundingClientRect();
  const fromEnd = last.left - origin.left > origin.width / 2;
  return { left: (fromEnd ? last.right : last.left) - origin.left, top: last.top - origin.top, fromEnd };
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
  const [insertions, setInsertions] = useState<readonly Insertion[]>([]);
  const [box, setBox] = useState<HTMLElement | null>(null);

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
    const paragraphs = new ChapterParagraphCache();
    // One repaint per frame however many updates come: finding anchors again costs more than a keystroke.
    const paint = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const ranges: ReviewRanges = { comments: [], suggestions: [], chosen: [] };
        const placed: Insertion[] = [];
        const editorBox = editor.getRootElement()?.parentElement ?? null;
        // A chapter without comments or suggestions reads no paragraph (a 150,000-word chapter's opening took
        // 40 ms more for reading them all); one with some reads again only those an update changed.
        if (marks.length > 0)
          editor.getEditorState().read(() => {
            const chapter = paragraphs.$read();
            for (const mark of marks) {
              const found = $anchoredRange(mark.anchor, chapter);
              const range = found && matchRange(editor, found.range);
              if (!range) continue;
              (mark.kind === 'comment' ? ranges.comments : ranges.suggestions).push(range);
              if (mark.id === chosenId) ranges.chosen.push(range);
              const line = mark.replacement && editorBox && lastLineOf(range, editorBox);
              if (line) placed.push({ id: mark.id, text: mark.replacement!, ...line });
            }
          });
        showReviewHighlights(ranges);
        setBox(editorBox);
        setInsertions(placed);
      });
    };
    paint();
    const unregister = editor.registerUpdateListener((update) => {
      paragraphs.forgetChanged(update);
      paint();
    });
    // Lines rewrap when the window or the panels beside the text change its width.
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(paint);
    const root = editor.getRootElement();
    if (root) resizes?.observe(root);
    return () => {
      cancelAnimationFrame(frame);
      unregister();
      resizes?.disconnect();
      clearReviewHighlights();
    };
  }, [editor, marks, chosenId]);

  return (
    <>
      <GlobalStyles styles={reviewHighlightStyles} />
      {box &&
        createPortal(
          insertions.map((insertion) => <SuggestedWords key={insertion.id} insertion={insertion} />),
          box,
        )}
    </>
  );
}

/**
 * The new words of a suggestion, in the editor's colour over the end of the struck words: drawn beside the
 * document, never in it, so autosave never sees them.
 */
function SuggestedWords({ insertion }: { insertion: Insertion }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        position: 'absolute',
        left: insertion.left,
        top: insertion.top,
        transform: insertion.fromEnd ? 'translate(-100%, -80%)' : 'translate(0, -80%)',
        maxWidth: '60%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        fontSize: '0.7em',
        lineHeight: 1.5,
        px: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'success.main',
        color: 'success.main',
        bgcolor: 'background.paper',
        pointerEvents: 'none',
      }}
    >
      {insertion.text}
    </Box>
  );
}
