import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { paragraphSelection, type ParagraphSelection } from '../text-offsets';

/** Long enough for a touch selection's handles to come to rest before the buttons appear. */
const SETTLE_MS = 250;
const ACTIONS_HEIGHT = 48;

interface Placed {
  selection: ParagraphSelection;
  top: number;
  left: number;
}

function placeSelection(article: HTMLElement): Placed | null {
  const selected = document.getSelection();
  if (!selected || selected.rangeCount === 0 || selected.isCollapsed) return null;
  const range = selected.getRangeAt(0);
  const selection = paragraphSelection(range, article);
  if (!selection) return null;
  const rect = range.getBoundingClientRect();
  // Below the words: a phone draws its own copy menu above a selection.
  return {
    selection,
    top: Math.min(rect.bottom + 12, window.innerHeight - ACTIONS_HEIGHT - 8),
    left: Math.min(Math.max(8, rect.left + rect.width / 2 - 90), window.innerWidth - 188),
  };
}

/**
 * Issue 24 §3: 'Comment' (and for an editor 'Suggest') floating under words selected inside one paragraph,
 * shown once the selection settles, so it works with a mouse and with touch handles alike.
 */
export function SelectionActions({
  article,
  canSuggest,
  onComment,
  onSuggest,
}: {
  article: HTMLElement;
  canSuggest: boolean;
  onComment: (selection: ParagraphSelection) => void;
  onSuggest: (selection: ParagraphSelection) => void;
}) {
  const [placed, setPlaced] = useState<Placed | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSelectionChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setPlaced(placeSelection(article)), SETTLE_MS);
    };
    const onScroll = () => setPlaced((current) => current && placeSelection(article));
    document.addEventListener('selectionchange', onSelectionChange);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onSelectionChange);
      window.removeEventListener('scroll', onScroll);
    };
  }, [article]);

  if (!placed) return null;
  const act = (action: (selection: ParagraphSelection) => void) => () => {
    action(placed.selection);
    setPlaced(null);
  };
  return (
    <Paper
      elevation={6}
      role="toolbar"
      aria-label="Selected words"
      // Pressing a button must not clear the selection it acts on.
      onPointerDown={(event) => event.preventDefault()}
      sx={{
        position: 'fixed',
        top: placed.top,
        left: placed.left,
        zIndex: (theme) => theme.zIndex.speedDial,
        display: 'flex',
        gap: 0.5,
        p: 0.5,
        borderRadius: 2,
      }}
    >
      <Button size="small" startIcon={<ChatBubbleOutline />} onClick={act(onComment)}>
        Comment
      </Button>
      {canSuggest && (
        <Button size="small" startIcon={<EditNoteOutlined />} onClick={act(onSuggest)}>
          Suggest
        </Button>
      )}
    </Paper>
  );
}
