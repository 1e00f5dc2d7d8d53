import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { CHAPTER_TITLE_MAX_LENGTH } from '../../../../../shared/validation';
import { lengthCount } from '../../../components/text-length/length-limit';

interface RenameChapterDialogProps {
  /** The chapter being renamed; the dialog is open while there is one. */
  chapter: Chapter | null;
  onCancel: () => void;
  /** Receives the trimmed, changed, non-blank title. */
  onRename: (chapter: Chapter, title: string) => void;
}

/** 'Rename' from a chapter row's menu: the title in a field with its limit, saved with Enter or 'Rename'. */
export function RenameChapterDialog({ chapter, onCancel, onRename }: RenameChapterDialogProps) {
  const titleId = useId();
  // The dialog fades out after the chapter is cleared; it keeps showing the last one meanwhile.
  const [shown, setShown] = useState(chapter);
  const [draft, setDraft] = useState(chapter?.title ?? '');
  if (chapter !== null && chapter !== shown) {
    setShown(chapter);
    setDraft(chapter.title);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!shown) return;
    const title = draft.trim();
    if (title !== '' && title !== shown.title.trim()) onRename(shown, title);
    else onCancel();
  };

  return (
    <Dialog
      open={chapter !== null}
      onClose={onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id={titleId}>Rename chapter</DialogTitle>
      <DialogContent>
        <TextField
          label="Chapter title"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoFocus
          fullWidth
          margin="dense"
          helperText={lengthCount(draft, CHAPTER_TITLE_MAX_LENGTH)}
          slotProps={{ htmlInput: { maxLength: CHAPTER_TITLE_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={draft.trim() === ''}>
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}
